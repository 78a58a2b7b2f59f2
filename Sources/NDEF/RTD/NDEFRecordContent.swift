/// What a record holds, decoded by its TNF and type: the typed view of a record.
public enum NDEFRecordContent: Sendable, Hashable {
    /// An empty record (TNF 0).
    case empty
    /// A URI record (well-known "U").
    case uri(URIRecord)
    /// A Text record (well-known "T").
    case text(TextRecord)
    /// A Smart Poster (well-known "Sp").
    case smartPoster(SmartPosterRecord)
    /// A media record (TNF 2).
    case mime(MIMERecord)
    /// An absolute-URI record (TNF 3).
    case absoluteURI(AbsoluteURIRecord)
    /// An external record (TNF 4) other than an Android Application Record.
    case external(ExternalRecord)
    /// An Android Application Record (external `android.com:pkg`).
    case androidApplication(AndroidApplicationRecord)
    /// Anything else: other well-known types, unknown (TNF 5) records, kept as they are.
    case other(NDEFRecord)

    /// Decodes an owned record.
    /// - Throws: `RTDError` when the payload breaks its record type's rules.
    public init(_ record: NDEFRecord) throws(RTDError) {
        self = try record.type.withUnsafeBufferPointer { (type) throws(RTDError) in
            try record.payload.withUnsafeBufferPointer { (payload) throws(RTDError) in
                try Self.decode(
                    record.typeNameFormat, type: UnsafeRawBufferPointer(type),
                    payload: UnsafeRawBufferPointer(payload), copy: { record })
            }
        }
    }

    /// Decodes a record in place, as `NDEFDecoder.forEachRecord` hands it out; only the
    /// decoded fields are copied out of the input.
    /// - Throws: `RTDError` when the payload breaks its record type's rules.
    public init(_ view: NDEFRecordView) throws(RTDError) {
        self = try Self.decode(
            view.typeNameFormat, type: view.type, payload: view.payload, copy: view.record)
    }

    // One dispatch for both paths; `copy` makes the owned record only for `.other`.
    @inline(__always)
    private static func decode(
        _ format: TypeNameFormat, type: UnsafeRawBufferPointer,
        payload: UnsafeRawBufferPointer, copy: () -> NDEFRecord
    ) throws(RTDError) -> NDEFRecordContent {
        switch format {
        case .empty:
            return .empty
        case .wellKnown:
            switch WellKnownName(type) {
            case .uri: return .uri(try URIRecord(payload: payload))
            case .text: return .text(try TextRecord(payload: payload))
            case .smartPoster: return .smartPoster(try SmartPosterRecord(payload: payload))
            case .action, .size, .resourceType, .other: return .other(copy())
            }
        case .media:
            return .mime(try MIMERecord(type: type, payload: payload))
        case .absoluteURI:
            return .absoluteURI(try AbsoluteURIRecord(type: type, payload: payload))
        case .external:
            if AndroidApplicationRecord.isType(type) {
                return .androidApplication(try AndroidApplicationRecord(payload: payload))
            }
            return .external(try ExternalRecord(type: type, payload: payload))
        case .unknown, .unchanged, .reserved:
            return .other(copy())
        }
    }

    /// The record this content encodes to.
    /// - Throws: `RTDError` when a Text or Smart Poster cannot be encoded.
    public func record() throws(RTDError) -> NDEFRecord {
        switch self {
        case .empty: .empty
        case .uri(let uri): uri.record
        case .text(let text): try text.record()
        case .smartPoster(let poster): try poster.record()
        case .mime(let mime): mime.record
        case .absoluteURI(let absolute): absolute.record
        case .external(let external): external.record
        case .androidApplication(let application): application.record
        case .other(let record): record
        }
    }
}
