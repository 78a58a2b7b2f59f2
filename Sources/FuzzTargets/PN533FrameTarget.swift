import PN533

/// The PN533 frame decoder (Sources/PN533): `PN533Frame.decode(transfer:)` on the whole input
/// and `PN533FrameDecoder`, the stream decoder the USB transport reads with, on the input cut
/// into transfers (`TransferSplit`).
///
/// Properties: a decoded frame encodes and decodes to itself; an error names an offset inside
/// the frame, counted as `PN533FrameError` says from the preamble (which a chip may leave
/// out, so one past the bytes' end is still inside); the stream decoder agrees with
/// `decode(transfer:)` on a single transfer; every frame or error the stream decoder gives
/// consumes bytes and a nil consumes none (no hang, no byte dropped unnamed); skipped garbage
/// is never empty; and when every transfer has ended and it returns nil, nothing is left
/// buffered (a frame never spans two transfers).
public enum PN533FrameTarget: FuzzTarget {
    public static let name = "pn533-frame"

    public static func check(_ input: [UInt8]) throws(PropertyFailure) {
        try checkWhole(input)
        try checkStream(TransferSplit.transfers(input))
    }

    static func checkWhole(_ input: [UInt8]) throws(PropertyFailure) {
        let whole: PN533Frame
        do {
            whole = try PN533Frame.decode(transfer: input)
        } catch {
            try checkError(error, frameBytes: input.count)
            return
        }
        try checkRoundTrip(whole)
        var stream = PN533FrameDecoder()
        stream.append(input)
        stream.endTransfer()
        let first = try? stream.nextFrame()
        try PropertyFailure.require(
            first == whole, "the stream decoder agrees with decode(transfer:)",
            "\(whole) became \(String(describing: first))")
    }

    static func checkStream(_ transfers: [[UInt8]]) throws(PropertyFailure) {
        var stream = PN533FrameDecoder()
        for transfer in transfers {
            stream.append(transfer)
            stream.endTransfer()
            while true {
                let before = stream.bufferedCount
                let frame: PN533Frame?
                do {
                    frame = try stream.nextFrame()
                } catch {
                    try checkError(error, frameBytes: before)
                    try PropertyFailure.require(
                        stream.bufferedCount < before, "an error consumes the bytes it names",
                        "\(error) left \(stream.bufferedCount) of \(before) bytes")
                    continue
                }
                guard let frame else {
                    try PropertyFailure.require(
                        stream.bufferedCount == before, "a nil drops no bytes",
                        "\(before - stream.bufferedCount) bytes dropped without an error")
                    break
                }
                try checkRoundTrip(frame)
                try PropertyFailure.require(
                    stream.bufferedCount < before, "a frame consumes its bytes",
                    "\(frame) left \(stream.bufferedCount) of \(before) bytes")
            }
            try PropertyFailure.require(
                stream.bufferedCount == 0, "an ended transfer leaves nothing buffered",
                "\(stream.bufferedCount) bytes kept after the transfer ended")
        }
    }

    static func checkRoundTrip(_ frame: PN533Frame) throws(PropertyFailure) {
        let again: PN533Frame
        do {
            again = try PN533Frame.decode(transfer: try frame.encode())
        } catch {
            throw PropertyFailure("a decoded frame encodes and decodes", "\(frame): \(error)")
        }
        try PropertyFailure.require(
            again == frame, "decode, encode, decode gives the same frame",
            "\(frame) became \(again)")
    }

    /// `frameBytes`: how many bytes the decoder had, from the frame's first byte on.
    static func checkError(_ error: PN533FrameError, frameBytes: Int) throws(PropertyFailure) {
        let offset: Int
        switch error {
        case .garbage(let skipped):
            try PropertyFailure.require(
                !skipped.isEmpty && skipped.count <= frameBytes,
                "skipped garbage is some of the bytes", "\(skipped.count) of \(frameBytes)")
            return
        case .bodyTooLong:
            throw PropertyFailure("decoding never throws an encoding error", "\(error)")
        case .badLengthChecksum(let at, _, _), .badDataChecksum(let at, _, _),
            .badPostamble(let at, _), .badFrameIdentifier(let at, _), .lengthTooShort(let at, _),
            .truncatedHeader(let at), .lengthMismatch(let at, _, _):
            offset = at
        }
        try PropertyFailure.require(
            (0...frameBytes + 1).contains(offset), "an error names an offset inside the frame",
            "\(error) names \(offset), the decoder had \(frameBytes) bytes")
    }
}
