/// An absolute-URI record (TNF 3): the TYPE field is an absolute URI (RFC 3986), which
/// names what the payload is; the payload is usually empty.
public struct AbsoluteURIRecord: TypeFieldRecord {
    /// TNF 3.
    public static let typeNameFormat = TypeNameFormat.absoluteURI
    /// The URI from the TYPE field.
    public var uri: String
    /// The payload.
    public var payload: [UInt8]

    /// Creates an absolute-URI record.
    public init(uri: String, payload: [UInt8] = []) {
        self.uri = uri
        self.payload = payload
    }

    /// Decodes an absolute-URI record from its TYPE and PAYLOAD bytes.
    /// - Throws: `RTDError` when the type is not printable ASCII or has no scheme.
    public init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError) {
        self.init(try AbsoluteURIRecordView(type: type, payload: payload))
    }

    /// The URI as TYPE.
    public var typeField: [UInt8] { Array(uri.utf8) }
}
