/// Turns the bytes a chip sends, in whatever pieces USB delivers them (64-byte packets,
/// zero-length packets, whole transfers), into frames.
///
/// `append(_:)` adds bytes; `endTransfer()` says a USB transfer ended there (a frame never
/// spans two), which lets a frame cut short be reported instead of waited for; `nextFrame()`
/// returns a frame, `nil` for "need more", or throws for a malformed frame. After a throw the
/// offending bytes are gone and decoding resumes at the next start code (`00 00 FF` or
/// `00 FF`): skipped bytes come back as `PN533FrameError.garbage`, so nothing is lost silently.
public struct PN533FrameDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// Buffer indices where transfers ended, ascending, all beyond `readIndex`.
    private var transferEnds: [Int] = []

    /// Creates an empty decoder.
    public init() {}

    /// How many appended bytes are not yet part of a returned frame or error.
    public var bufferedCount: Int { buffer.count - readIndex }

    /// Adds bytes received from the chip; an empty packet adds nothing.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Adds a transfer received from the chip. Into an empty decoder (how nearly every
    /// frame arrives) the array is taken as it is, without copying its bytes.
    public mutating func append(_ bytes: [UInt8]) {
        if readIndex == buffer.count {
            buffer = bytes
            readIndex = 0
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Marks the end of a USB transfer (a short or zero-length packet) after the bytes so far.
    public mutating func endTransfer() {
        if buffer.count > readIndex && transferEnds.last != buffer.count {
            transferEnds.append(buffer.count)
        }
    }

    /// The next frame, or `nil` until more bytes arrive.
    ///
    /// - Throws: `PN533FrameError` for garbage before a start code or a malformed frame; the
    ///   bytes it names are dropped, so calling again continues with what follows them.
    public mutating func nextFrame() throws(PN533FrameError) -> PN533Frame? {
        // Nothing buffered (how every receive starts): nothing to parse.
        if readIndex == buffer.count { return nil }
        let limit = transferEnds.first ?? buffer.count
        switch PN533FrameParser.parse(buffer[readIndex..<limit]) {
        case .frame(let frame, let consumed):
            advance(by: consumed)
            return frame
        case .failure(let error, let consumed):
            advance(by: consumed)
            throw error
        case .needMore(let ifTransferEnded):
            guard transferEnds.first != nil else { return nil }
            advance(by: limit - readIndex)
            if let error = ifTransferEnded { throw error }
            return nil
        }
    }

    /// Drops and returns everything buffered, e.g. before a new command or after a NACK.
    public mutating func discardBuffered() -> [UInt8] {
        // Every command starts with this, and almost always finds nothing.
        if readIndex == buffer.count, transferEnds.isEmpty { return [] }
        let leftover = Array(buffer[readIndex...])
        buffer = []
        readIndex = 0
        transferEnds.removeAll(keepingCapacity: true)
        return leftover
    }

    private mutating func advance(by count: Int) {
        readIndex += count
        while let end = transferEnds.first, end <= readIndex { transferEnds.removeFirst() }
        if readIndex == buffer.count {
            // Dropped rather than emptied in place: the storage is usually a transfer's, and
            // shared storage cannot be emptied without allocating a new one.
            buffer = []
            readIndex = 0
        } else if readIndex >= 4096 {
            // Compact now and then so a long session does not keep every byte it saw.
            buffer.removeFirst(readIndex)
            transferEnds = transferEnds.map { $0 - readIndex }
            readIndex = 0
        }
    }
}
