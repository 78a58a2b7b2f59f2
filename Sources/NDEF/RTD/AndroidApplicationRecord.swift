/// An Android Application Record: external type `android.com:pkg` whose payload is the
/// package name of the app Android should open (or offer from the store).
public struct AndroidApplicationRecord: Sendable, Hashable {
    /// The package name, e.g. `com.example.app`.
    public var packageName: String

    /// Creates a record for a package.
    public init(packageName: String) { self.packageName = packageName }

    /// Decodes the payload.
    /// - Throws: `RTDError` when it is empty, not UTF-8 or holds control characters.
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        self.init(try AndroidApplicationRecordView(payload: payload))
    }

    /// Decodes a TNF 4 record of type `android.com:pkg` (in any case).
    public init(_ record: NDEFRecord) throws(RTDError) {
        self = try record.decodeFields(as: .external) { (type, payload) throws(RTDError) in
            guard Self.isType(type) else {
                throw .typeMismatch(
                    expected: "external \"\(ExternalType.androidApplication)\"",
                    actual: "external \"\(record.typeName)\"")
            }
            return try AndroidApplicationRecord(payload: payload)
        }
    }

    /// The record: TNF 4, type `android.com:pkg`, the package name as payload.
    public var record: NDEFRecord {
        NDEFRecord(
            typeNameFormat: .external, type: Array(ExternalType.androidApplication.rawValue.utf8),
            payload: Array(packageName.utf8))
    }

    static func isType(_ type: UnsafeRawBufferPointer) -> Bool {
        ASCIICase.equal(type, ExternalType.androidApplication.rawValue.utf8)
    }
}
