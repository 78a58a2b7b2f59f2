/// The 3-bit TNF field of an NDEF record header (NFC Forum NDEF 1.0, §3.2.6).
public enum TypeNameFormat: UInt8, Sendable, Hashable, CaseIterable {
    /// The record carries no type, identifier or payload.
    case empty = 0
    /// An NFC Forum well-known type (RTD), such as `U` or `T`.
    case wellKnown = 1
    /// A media type as RFC 2046 defines it, such as `application/json`.
    case media = 2
    /// An absolute URI as RFC 3986 defines it, used as the type.
    case absoluteURI = 3
    /// An NFC Forum external type, `domain:name`.
    case external = 4
    /// A payload of unknown type; the type field must be empty.
    case unknown = 5
    /// A middle or terminating chunk of a chunked payload.
    case unchanged = 6
    /// Reserved by the NFC Forum; a decoder must reject it.
    case reserved = 7

    /// The stable name used in JSON output and reports.
    public var name: String {
        switch self {
        case .empty: "empty"
        case .wellKnown: "wellKnown"
        case .media: "media"
        case .absoluteURI: "absoluteURI"
        case .external: "external"
        case .unknown: "unknown"
        case .unchanged: "unchanged"
        case .reserved: "reserved"
        }
    }

    /// Whether records of this format must carry a non-empty type field.
    public var requiresType: Bool {
        switch self {
        case .wellKnown, .media, .absoluteURI, .external: true
        case .empty, .unknown, .unchanged, .reserved: false
        }
    }
}
