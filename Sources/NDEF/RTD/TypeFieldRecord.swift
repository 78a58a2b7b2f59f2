/// A record kind whose TYPE field says what the payload is and whose payload is kept as
/// bytes: media (TNF 2), absolute-URI (TNF 3) and external (TNF 4) records. They differ only
/// in how the TYPE is read, so decoding from a record and encoding to one are shared here.
public protocol TypeFieldRecord: Sendable, Hashable {
    /// The TNF of records of this kind.
    static var typeNameFormat: TypeNameFormat { get }
    /// Decodes the record from its TYPE and PAYLOAD bytes.
    init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError)
    /// The TYPE field this record encodes to.
    var typeField: [UInt8] { get }
    /// The payload.
    var payload: [UInt8] { get }
}

extension TypeFieldRecord {
    /// Decodes a record of this kind's TNF.
    /// - Throws: `RTDError.typeMismatch` for another TNF, or the kind's TYPE rules.
    public init(_ record: NDEFRecord) throws(RTDError) {
        self = try record.decodeFields(as: Self.typeNameFormat) {
            (type, payload) throws(RTDError) in try Self(type: type, payload: payload)
        }
    }

    /// The record.
    public var record: NDEFRecord {
        NDEFRecord(typeNameFormat: Self.typeNameFormat, type: typeField, payload: payload)
    }
}
