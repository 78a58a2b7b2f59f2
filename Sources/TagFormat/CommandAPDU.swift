import HexText

/// An ISO/IEC 7816-4 command APDU: header, optional data, optional expected response length.
///
/// Wire layouts (ISO/IEC 7816-4 §5.1), `[]` optional:
/// ```
/// case 1   CLA INS P1 P2
/// case 2S  CLA INS P1 P2 Le                      Le 00 = 256
/// case 3S  CLA INS P1 P2 Lc data                 Lc 01...FF
/// case 4S  CLA INS P1 P2 Lc data Le
/// case 2E  CLA INS P1 P2 00 Le(2)                Le 0000 = 65536
/// case 3E  CLA INS P1 P2 00 Lc(2) data           Lc 0001...FFFF
/// case 4E  CLA INS P1 P2 00 Lc(2) data Le(2)
/// ```
/// The encoder uses extended fields only when the data or `le` needs them (or when
/// `forcesExtendedLength` asks for them); both length fields of one APDU share one encoding.
public struct CommandAPDU: Sendable, Hashable {
    /// The class byte.
    public let cla: UInt8
    /// The instruction byte.
    public let ins: UInt8
    /// The first parameter byte.
    public let p1: UInt8
    /// The second parameter byte.
    public let p2: UInt8
    /// The command data field (empty when there is no Lc).
    public let data: [UInt8]
    /// The expected response length Ne: `nil` for no Le, 256 for short `00`, 65 536 for `0000`.
    public let le: Int?
    /// Whether the length fields are extended even when short ones would do (a decoded APDU
    /// keeps its wire encoding this way).
    public let forcesExtendedLength: Bool

    /// Largest data field an extended Lc can announce.
    public static let maximumDataLength = 65_535
    /// Largest expected response length (extended Le `0000`).
    public static let maximumExpectedLength = 65_536

    /// Creates a command; throws when the data or `le` cannot be expressed.
    public init(
        cla: UInt8 = 0x00, ins: UInt8, p1: UInt8, p2: UInt8, data: [UInt8] = [], le: Int? = nil,
        forcesExtendedLength: Bool = false
    ) throws(APDUError) {
        guard data.count <= Self.maximumDataLength else { throw .dataTooLong(count: data.count) }
        if let le, !(1...Self.maximumExpectedLength).contains(le) {
            throw .expectedLengthOutOfRange(le: le)
        }
        self.cla = cla
        self.ins = ins
        self.p1 = p1
        self.p2 = p2
        self.data = data
        self.le = le
        self.forcesExtendedLength = forcesExtendedLength
    }

    /// P1 and P2 as one big-endian value (a READ BINARY offset, for instance).
    public var p1p2: UInt16 { UInt16(p1) << 8 | UInt16(p2) }

    /// Whether the encoding uses extended length fields.
    public var isExtended: Bool {
        forcesExtendedLength && (!data.isEmpty || le != nil) || data.count > 255
            || (le ?? 0) > 256
    }

    /// Which of the four ISO/IEC 7816-4 cases this command is.
    public var apduCase: APDUCase {
        switch (data.isEmpty, le == nil) {
        case (true, true): .case1
        case (true, false): .case2
        case (false, true): .case3
        case (false, false): .case4
        }
    }

    /// The wire bytes.
    public func encoded() -> [UInt8] {
        var bytes = [cla, ins, p1, p2]
        let extended = isExtended
        if extended { bytes.append(0x00) }
        if !data.isEmpty {
            bytes += extended ? bigEndianBytes(data.count, count: 2) : [UInt8(data.count)]
            bytes += data
        }
        if let le {
            // Ne at its maximum is written as zeros: 00 short, 0000 extended.
            bytes +=
                extended
                ? bigEndianBytes(le == 65_536 ? 0 : le, count: 2) : [UInt8(truncatingIfNeeded: le)]
        }
        return bytes
    }

    /// Decodes a command APDU of any case, short or extended.
    public init(decoding input: some Collection<UInt8>) throws(APDUError) {
        let bytes = Array(input)
        let count = bytes.count
        guard count >= 4 else {
            throw .truncated(offset: 0, field: .header, needed: 4, available: count)
        }
        var data: [UInt8] = []
        var le: Int?
        var extended = false
        if count == 5 {
            le = bytes[4] == 0 ? 256 : Int(bytes[4])
        } else if count > 5, bytes[4] != 0 {
            let lc = Int(bytes[4])
            let end = 5 + lc
            guard end <= count else {
                throw .dataOverrunsInput(offset: 4, declared: lc, available: count - 5)
            }
            data = Array(bytes[5..<end])
            if end < count {
                guard count == end + 1 else {
                    throw .trailingBytes(offset: end + 1, count: count - end - 1)
                }
                le = bytes[end] == 0 ? 256 : Int(bytes[end])
            }
        } else if count > 5 {
            extended = true
            guard count >= 7 else {
                throw .truncated(offset: 4, field: .extendedLength, needed: 3, available: count - 4)
            }
            let first = bigEndian(bytes, at: 5, count: 2)
            if count == 7 {
                le = first == 0 ? 65_536 : first
            } else {
                guard first != 0 else { throw .zeroExtendedLc(offset: 4) }
                let end = 7 + first
                guard end <= count else {
                    throw .dataOverrunsInput(offset: 4, declared: first, available: count - 7)
                }
                data = Array(bytes[7..<end])
                if end < count {
                    guard count >= end + 2 else {
                        throw .truncated(offset: end, field: .le, needed: 2, available: count - end)
                    }
                    guard count == end + 2 else {
                        throw .trailingBytes(offset: end + 2, count: count - end - 2)
                    }
                    let value = bigEndian(bytes, at: end, count: 2)
                    le = value == 0 ? 65_536 : value
                }
            }
        }
        try self.init(
            cla: bytes[0], ins: bytes[1], p1: bytes[2], p2: bytes[3], data: data, le: le,
            forcesExtendedLength: extended)
    }
}

extension CommandAPDU: CustomStringConvertible {
    public var description: String { Hex.encode(encoded(), uppercase: true) }
}

/// The four command cases of ISO/IEC 7816-4: whether there is command data and whether a
/// response is expected.
public enum APDUCase: Int, Sendable, Hashable {
    /// No data, no Le.
    case case1 = 1
    /// Le only.
    case case2 = 2
    /// Data only.
    case case3 = 3
    /// Data and Le.
    case case4 = 4
}
