/// A URI record payload located and checked in place, without copying: the fields point into
/// the buffer the payload was read from and are valid only while it is alive and unchanged
/// (like `NDEFRecordView`).
public struct URIRecordView {
    /// The identifier code the payload carried, reserved codes included.
    public let prefixCode: UInt8
    /// The URI after the prefix: UTF-8 without control characters.
    public let rest: UnsafeRawBufferPointer

    /// Locates and checks a URI record payload.
    /// - Throws: `RTDError` for an empty payload, or a URI that is not UTF-8 or holds
    ///   control characters.
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        guard let code = payload.first else { throw .fieldEmpty(field: .payload, offset: 0) }
        let rest = UnsafeRawBufferPointer(rebasing: payload[1...])
        try PayloadText.check(rest, field: .uri, base: 1, rejectingControls: true)
        prefixCode = code
        self.rest = rest
    }

    /// The prefix the code stands for; `nil` for a reserved code, which reads as no prefix.
    public var prefix: URIPrefix? { URIPrefix(rawValue: prefixCode) }

    /// The length of the whole URI in UTF-8 bytes, prefix expanded.
    public var utf8Count: Int { (prefix ?? .noPrefix).bytes.count + rest.count }
}

extension URIRecord {
    /// Builds the owned record from a checked view: the one place a decoded URI is spelled.
    public init(_ view: URIRecordView) {
        let prefix = view.prefix
        uri = PayloadText.string(prefix: (prefix ?? .noPrefix).bytes, rest: view.rest)
        reservedPrefixCode = prefix == nil ? view.prefixCode : nil
    }
}
