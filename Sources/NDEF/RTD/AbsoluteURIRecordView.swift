/// An absolute-URI record located and checked in place, without copying: the fields point into
/// the buffers the record was read from and are valid only while they are alive and unchanged
/// (like `NDEFRecordView`).
public struct AbsoluteURIRecordView {
    /// The URI from the TYPE field: printable US-ASCII with a scheme.
    public let uri: UnsafeRawBufferPointer
    /// The payload.
    public let payload: UnsafeRawBufferPointer

    /// Checks an absolute-URI record's TYPE and locates its payload.
    /// - Throws: `RTDError` when the type is not printable ASCII or has no scheme.
    public init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError) {
        try PayloadText.checkASCIIType(type, field: .absoluteURI)
        if URIScheme.length(in: type) == nil {
            throw .malformedType(
                field: .absoluteURI, value: PayloadText.string(type, isASCII: true))
        }
        uri = type
        self.payload = payload
    }
}

extension AbsoluteURIRecord {
    /// Builds the owned record from a checked view.
    public init(_ view: AbsoluteURIRecordView) {
        self.init(uri: PayloadText.string(view.uri, isASCII: true), payload: Array(view.payload))
    }
}
