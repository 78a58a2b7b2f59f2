/// A URI record (well-known type "U"): a URI whose common prefix is abbreviated to one byte.
public struct URIRecord: Sendable, Hashable {
    /// The whole URI, prefix expanded.
    public var uri: String
    /// The reserved identifier code (0x24–0xFF) the payload carried and that decoding read as
    /// 0x00 (no prefix), as the URI RTD asks; `nil` when the code was a defined one.
    public var reservedPrefixCode: UInt8?

    /// Creates a record for a URI.
    public init(uri: String) {
        self.uri = uri
        reservedPrefixCode = nil
    }

    /// Decodes a URI record payload.
    /// - Throws: `RTDError` for an empty payload, or a URI that is not UTF-8 or holds
    ///   control characters.
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        self.init(try URIRecordView(payload: payload))
    }

    /// Decodes a well-known "U" record.
    public init(_ record: NDEFRecord) throws(RTDError) {
        self = try record.decodeFields(as: .wellKnown, wellKnown: "U") {
            (_, payload) throws(RTDError) in try URIRecord(payload: payload)
        }
    }

    /// The prefix code encoding writes: the longest one that matches.
    public var prefix: URIPrefix { URIPrefix.longestMatch(for: uri) }

    /// The encoded payload: the prefix code, then the rest of the URI in UTF-8.
    public var payload: [UInt8] {
        let prefix = self.prefix
        return PayloadText.bytes([prefix.rawValue], uri.utf8.dropFirst(prefix.bytes.count))
    }

    /// The record: well-known type "U" carrying `payload`.
    public var record: NDEFRecord {
        NDEFRecord(typeNameFormat: .wellKnown, type: [0x55], payload: payload)
    }
}
