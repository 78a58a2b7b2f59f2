/// How a record sat on the wire: its chunk boundaries and the optional length encodings a
/// valid message may choose (SR for a short payload or not, IL with an empty ID or not).
public struct NDEFRecordLayout: Sendable, Hashable {
    /// One wire record of a (possibly chunked) logical record.
    public struct Chunk: Sendable, Hashable {
        /// The payload octets this chunk carries.
        public var payloadLength: Int
        /// Whether the chunk used the one-octet payload length (SR).
        public var shortRecord: Bool

        /// Creates a chunk description.
        public init(payloadLength: Int, shortRecord: Bool) {
            self.payloadLength = payloadLength
            self.shortRecord = shortRecord
        }
    }

    /// Whether the (initial) record carried an ID_LENGTH field, even for an empty ID.
    public var identifierLengthPresent: Bool
    // An unchunked record keeps its one chunk inline: decoding must not allocate an array
    // per record just to remember its SR flag.
    private enum Storage: Sendable, Hashable {
        case single(Chunk)
        case multiple([Chunk])
    }
    private var storage: Storage

    /// Creates a layout.
    public init(identifierLengthPresent: Bool, chunks: [Chunk]) {
        self.identifierLengthPresent = identifierLengthPresent
        storage = chunks.count == 1 ? .single(chunks[0]) : .multiple(chunks)
    }

    /// Creates the layout of an unchunked record.
    public init(identifierLengthPresent: Bool, single chunk: Chunk) {
        self.identifierLengthPresent = identifierLengthPresent
        storage = .single(chunk)
    }

    /// The wire records, first to last; one entry for an unchunked record.
    public var chunks: [Chunk] {
        switch storage {
        case .single(let chunk): [chunk]
        case .multiple(let chunks): chunks
        }
    }

    /// The number of wire records.
    public var chunkCount: Int {
        switch storage {
        case .single: 1
        case .multiple(let chunks): chunks.count
        }
    }

    /// Whether this layout can carry `record`: the chunk lengths add up to its payload, SR is
    /// used only where a length fits in one octet, and an ID is never dropped.
    public func fits(_ record: NDEFRecord) -> Bool {
        guard !chunks.isEmpty, identifierLengthPresent || record.identifier.isEmpty else {
            return false
        }
        var total = 0
        for chunk in chunks {
            guard chunk.payloadLength >= 0, !chunk.shortRecord || chunk.payloadLength <= 255
            else { return false }
            total += chunk.payloadLength
        }
        return total == record.payload.count
    }
}
