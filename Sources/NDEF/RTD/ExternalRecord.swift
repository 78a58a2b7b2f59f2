/// An external record (TNF 4): a payload typed by an NFC Forum external type.
public struct ExternalRecord: TypeFieldRecord {
    /// TNF 4.
    public static let typeNameFormat = TypeNameFormat.external
    /// The external type, compared without case.
    public var type: ExternalType
    /// The payload.
    public var payload: [UInt8]

    /// Creates an external record.
    public init(type: ExternalType, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// Decodes an external record from its TYPE and PAYLOAD bytes.
    /// - Throws: `RTDError` when the type is not `domain:name` in printable ASCII.
    public init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError) {
        self.init(try ExternalRecordView(type: type, payload: payload))
    }

    /// The external type as TYPE.
    public var typeField: [UInt8] { Array(type.rawValue.utf8) }
}
