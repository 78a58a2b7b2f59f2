import HexText

/// One write a reader performed: the bytes and where they went.
///
/// For a Type 4 Tag the offset counts from the start of the NDEF file (UPDATE BINARY); for a
/// Type 2 Tag it is the byte address in tag memory, 4 × the block number of the WRITE.
public struct TagWrite: Sendable, Hashable {
    /// Where the first byte went.
    public var offset: Int
    /// The bytes written.
    public var bytes: [UInt8]

    /// A write of `bytes` at `offset`.
    public init(offset: Int, bytes: [UInt8]) {
        self.offset = offset
        self.bytes = bytes
    }

    /// The offsets the write covers.
    public var range: Range<Int> { offset..<offset + bytes.count }

    /// `memory` with this write applied; memory grows with zeros when the write reaches past
    /// its end (the emulators never let that happen, but a classified list may come from
    /// anywhere).
    public func applied(to memory: [UInt8]) -> [UInt8] {
        var result = memory
        if result.count < range.upperBound {
            result += repeatElement(0, count: range.upperBound - result.count)
        }
        result.replaceSubrange(range, with: bytes)
        return result
    }
}

extension TagWrite: CustomStringConvertible {
    public var description: String { "\(offset): \(Hex.encode(bytes))" }
}
