/// One PN533 host-interface frame (DESIGN.md §3): an information frame, or one of the three
/// fixed control frames.
///
/// ```
///  normal     00 | 00 FF | LEN | LCS | TFI | CMD | data ... | DCS | 00
///  offset      0    1-2     3     4     5     6    7 ...    5+LEN  6+LEN
///
///  extended   00 | 00 FF | FF FF | LENhi LENlo | LCS | TFI | CMD | data ... | DCS | 00
///  offset      0    1-2     3-4       5     6      7     8     9    10 ...  8+LEN  9+LEN
///
///  LEN  counts TFI, CMD and data            LEN + LCS (LENhi + LENlo + LCS) = 0 mod 256
///  DCS  makes TFI + CMD + data + DCS = 0 mod 256
///  ACK  00 00 FF 00 FF 00      NACK  00 00 FF FF 00 00      error  00 00 FF 01 FF 7F 81 00
/// ```
/// A frame whose LEN would exceed 255 is sent extended; the preamble and postamble are the
/// single `00` bytes at either end.
public enum PN533Frame: Sendable, Hashable {
    /// The chip accepted a command, or the host cancels the running one.
    case ack
    /// The host asks the chip to send its last response again.
    case nack
    /// The chip's application-level error frame: the command it received made no sense.
    case error
    /// A command (host→chip) or response (chip→host): its code and the bytes after it.
    case information(PN533FrameDirection, code: UInt8, data: [UInt8])

    /// The largest LEN (TFI + code + data) a normal frame carries.
    public static let maximumNormalLength = 0xFF
    /// The largest LEN an extended frame can express.
    public static let maximumExtendedLength = 0xFFFF

    static let ackBytes: [UInt8] = [0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00]
    static let nackBytes: [UInt8] = [0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00]
    static let errorBytes: [UInt8] = [0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00]
    static let errorFrameIdentifier: UInt8 = 0x7F

    /// A host→chip command frame.
    public static func command(_ command: PN533Command, _ data: [UInt8] = []) -> PN533Frame {
        .information(.hostToChip, code: command.rawValue, data: data)
    }

    /// A chip→host response frame to `command` (its code is the command's plus one).
    public static func response(to command: PN533Command, _ data: [UInt8] = []) -> PN533Frame {
        .information(.chipToHost, code: command.responseCode, data: data)
    }

    /// The frame's bytes on the wire, preamble to postamble.
    ///
    /// - Throws: `PN533FrameError.bodyTooLong` when TFI, code and data exceed 65 535 bytes.
    public func encode() throws(PN533FrameError) -> [UInt8] {
        switch self {
        case .ack: return Self.ackBytes
        case .nack: return Self.nackBytes
        case .error: return Self.errorBytes
        case .information(let direction, let code, let data):
            return try Self.encodeInformation(tfi: direction.rawValue, code: code, data: data)
        }
    }

    /// Writes the frame into one buffer sized up front: this runs for every command and
    /// response, so it makes a single allocation.
    private static func encodeInformation(
        tfi: UInt8, code: UInt8, data: [UInt8]
    ) throws(PN533FrameError) -> [UInt8] {
        let length = 2 + data.count
        guard length <= maximumExtendedLength else { throw .bodyTooLong(length: length) }
        let extended = length > maximumNormalLength
        var frame = [UInt8]()
        frame.reserveCapacity(length + (extended ? 10 : 7))
        frame.append(0x00)
        frame.append(0x00)
        frame.append(0xFF)
        if extended {
            let high = UInt8(length >> 8)
            let low = UInt8(length & 0xFF)
            frame.append(0xFF)
            frame.append(0xFF)
            frame.append(high)
            frame.append(low)
            frame.append(0 &- (high &+ low))
        } else {
            frame.append(UInt8(length))
            frame.append(0 &- UInt8(length))
        }
        let bodyStart = frame.count
        frame.append(tfi)
        frame.append(code)
        frame.append(contentsOf: data)
        frame.append(checksum(frame[bodyStart...]))
        frame.append(0x00)
        return frame
    }

    /// The byte that brings the sum of `bytes` and itself to 0 mod 256 (LCS and DCS).
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        0 &- bytes.reduce(0, &+)
    }
}

extension PN533Frame {
    /// Decodes one whole transfer that must hold exactly one frame and nothing else.
    ///
    /// - Throws: `PN533FrameError`, including `.garbage` for bytes before or after the frame
    ///   and `.lengthMismatch`/`.truncatedHeader` for a frame the transfer cuts short.
    public static func decode(transfer bytes: [UInt8]) throws(PN533FrameError) -> PN533Frame {
        var decoder = PN533FrameDecoder()
        decoder.append(bytes)
        decoder.endTransfer()
        guard let frame = try decoder.nextFrame() else { throw .truncatedHeader(offset: 0) }
        let trailing = decoder.discardBuffered()
        guard trailing.isEmpty else { throw .garbage(skipped: trailing) }
        return frame
    }
}
