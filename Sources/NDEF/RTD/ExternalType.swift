/// An NFC Forum external type name, `domain:name` (NFC Forum RTD 1.0 §3.2.2), which the
/// NDEF rules compare without regard to case: equality and hashing ignore ASCII case.
public struct ExternalType: Sendable, Hashable, CustomStringConvertible {
    /// The type as written.
    public let rawValue: String

    /// The Android Application Record's type.
    public static let androidApplication = ExternalType(unchecked: "android.com:pkg")

    /// Creates an external type from `domain:name`.
    /// - Throws: `RTDError` unless the text is printable ASCII with a ':' between a non-empty
    ///   domain and a non-empty name.
    public init(_ rawValue: String) throws(RTDError) {
        self = try Array(rawValue.utf8).withUnsafeBufferPointer { (bytes) throws(RTDError) in
            try ExternalType(type: UnsafeRawBufferPointer(bytes))
        }
    }

    /// Creates an external type from its two parts.
    public init(domain: String, name: String) throws(RTDError) {
        try self.init("\(domain):\(name)")
    }

    /// Reads and checks an external record's TYPE field.
    init(type: UnsafeRawBufferPointer) throws(RTDError) {
        try Self.check(type)
        self.init(checked: type)
    }

    /// The type of a TYPE field that `check` accepted.
    init(checked type: UnsafeRawBufferPointer) {
        rawValue = PayloadText.string(type, isASCII: true)
    }

    /// Throws unless an external record's TYPE field is printable ASCII `domain:name`.
    static func check(_ type: UnsafeRawBufferPointer) throws(RTDError) {
        try PayloadText.checkASCIIType(type, field: .externalType)
        guard let colon = type.firstIndex(of: 0x3A), colon > 0, colon < type.count - 1 else {
            throw .malformedType(
                field: .externalType, value: PayloadText.string(type, isASCII: true))
        }
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// The part before the first ':', usually a reversed or plain domain name.
    public var domain: String { String(rawValue.prefix { $0 != ":" }) }

    /// The part after the first ':'.
    public var name: String { String(rawValue.drop { $0 != ":" }.dropFirst()) }

    /// The type as written.
    public var description: String { rawValue }

    public static func == (lhs: ExternalType, rhs: ExternalType) -> Bool {
        ASCIICase.equal(lhs.rawValue.utf8, rhs.rawValue.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(ASCIICase.lower(byte)) }
    }
}
