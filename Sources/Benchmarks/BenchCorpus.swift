import NDEF

/// Encoded messages laid end to end in one buffer, each with its range: the same bytes are
/// written to the corpus file ndeflib reads, so both stacks decode the identical input.
public struct BenchCorpus: Sendable {
    /// All messages, end to end.
    public var storage: [UInt8]
    /// Each message's range in `storage`.
    public var ranges: [Range<Int>]
    /// Logical records over all messages (chunked records count once).
    public var recordCount: Int

    /// Creates a corpus from encoded messages.
    public init(messages: [[UInt8]]) throws(NDEFError) {
        storage = []
        ranges = []
        recordCount = 0
        for message in messages {
            recordCount += try NDEFDecoder().validate(message)
            ranges.append(storage.count..<storage.count + message.count)
            storage.append(contentsOf: message)
        }
    }

    /// The corpus file: repeated [4-byte big-endian length][message bytes].
    public var fileContents: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(storage.count + 4 * ranges.count)
        for range in ranges {
            let length = UInt32(range.count)
            out += [
                UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF),
                UInt8(length & 0xFF),
            ]
            out += storage[range]
        }
        return out
    }

    /// Total message bytes.
    public var byteCount: Int { storage.count }
}
