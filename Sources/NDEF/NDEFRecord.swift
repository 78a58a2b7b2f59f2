/// One logical NDEF record: a chunked payload is one record here, its chunks reassembled.
///
/// Equality and hashing compare the four standard fields only; `layout` remembers how the
/// record sat on the wire so that re-encoding a decoded message gives back its bytes.
public struct NDEFRecord: Sendable, Hashable {
    /// The TNF field.
    public var typeNameFormat: TypeNameFormat
    /// The TYPE field, interpreted according to `typeNameFormat`.
    public var type: [UInt8]
    /// The ID field; empty when the record has none.
    public var identifier: [UInt8]
    /// The PAYLOAD field, concatenated over all chunks.
    public var payload: [UInt8]
    /// How the record was laid out on the wire when it was decoded; `nil` for records built
    /// in code, which the encoder lays out by its own rules.
    public var layout: NDEFRecordLayout?

    /// Creates a record from its fields.
    public init(
        typeNameFormat: TypeNameFormat, type: [UInt8] = [], identifier: [UInt8] = [],
        payload: [UInt8] = [], layout: NDEFRecordLayout? = nil
    ) {
        self.typeNameFormat = typeNameFormat
        self.type = type
        self.identifier = identifier
        self.payload = payload
        self.layout = layout
    }

    /// Creates a record whose type is given as an ASCII string, such as `"U"` or `"text/plain"`.
    public init(
        typeNameFormat: TypeNameFormat, typeName: String, identifier: [UInt8] = [],
        payload: [UInt8]
    ) {
        self.init(
            typeNameFormat: typeNameFormat, type: Array(typeName.utf8), identifier: identifier,
            payload: payload)
    }

    /// The empty record (TNF 0), which iOS hands apps for a user activity that did not come
    /// from a tag.
    public static let empty = NDEFRecord(typeNameFormat: .empty)

    /// The TYPE field as a string; types are US-ASCII by the NDEF and RTD rules.
    public var typeName: String { String(decoding: type, as: UTF8.self) }

    /// The number of chunks the record occupied on the wire (1 when it was not chunked).
    public var chunkCount: Int { layout?.chunkCount ?? 1 }

    public static func == (lhs: NDEFRecord, rhs: NDEFRecord) -> Bool {
        lhs.typeNameFormat == rhs.typeNameFormat && lhs.type == rhs.type
            && lhs.identifier == rhs.identifier && lhs.payload == rhs.payload
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeNameFormat)
        hasher.combine(type)
        hasher.combine(identifier)
        hasher.combine(payload)
    }

    /// Whether this record is a well-known record of the given RTD type name.
    public func isWellKnown(_ name: StaticString) -> Bool {
        typeNameFormat == .wellKnown && type.elementsEqual(name.utf8Buffer)
    }
}

extension StaticString {
    var utf8Buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
    }
}
