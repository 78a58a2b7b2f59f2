/// What a record holds, located and checked in place by its TNF and type: every RTD rule is
/// checked but nothing is copied. Valid only while the record's buffers are alive and unchanged
/// (like `NDEFRecordView`): `content()` builds strings from them without checking again.
public enum NDEFRecordContentView {
    /// An empty record (TNF 0).
    case empty
    /// A URI record (well-known "U").
    case uri(URIRecordView)
    /// A Text record (well-known "T").
    case text(TextRecordView)
    /// A Smart Poster (well-known "Sp").
    case smartPoster(SmartPosterRecordView)
    /// A media record (TNF 2).
    case mime(MIMERecordView)
    /// An absolute-URI record (TNF 3).
    case absoluteURI(AbsoluteURIRecordView)
    /// An external record (TNF 4) other than an Android Application Record.
    case external(ExternalRecordView)
    /// An Android Application Record (external `android.com:pkg`).
    case androidApplication(AndroidApplicationRecordView)
    /// Anything else: other well-known types, unknown (TNF 5) records, as they are.
    case other(NDEFRecordView)

    /// Checks a record in place, as `NDEFDecoder.forEachRecord` hands it out.
    /// - Throws: `RTDError` when the payload breaks its record type's rules.
    @inlinable
    public init(_ view: NDEFRecordView) throws(RTDError) {
        self = try checkContent(view)
    }

    /// The owned content: every field copied out of the buffers.
    @inline(__always)
    public func content() -> NDEFRecordContent {
        switch self {
        case .empty: .empty
        case .uri(let uri): .uri(URIRecord(uri))
        case .text(let text): .text(TextRecord(text))
        case .smartPoster(let poster): .smartPoster(SmartPosterRecord(poster))
        case .mime(let mime): .mime(MIMERecord(mime))
        case .absoluteURI(let absolute): .absoluteURI(AbsoluteURIRecord(absolute))
        case .external(let external): .external(ExternalRecord(external))
        case .androidApplication(let application):
            .androidApplication(AndroidApplicationRecord(application))
        case .other(let record): .other(record.record())
        }
    }
}

// A free function rather than the initialiser's body: the optimiser drops an initialiser's
// unused metatype argument behind a thunk, and the thunk copied the whole result (some 80
// bytes, just stored) on every call, which cost more than checking most records.
@usableFromInline @inline(__always)
func checkContent(_ view: NDEFRecordView) throws(RTDError) -> NDEFRecordContentView {
    let payload = view.payload
    switch view.typeNameFormat {
    case .empty:
        return .empty
    case .wellKnown:
        switch WellKnownName(view.type) {
        case .uri: return .uri(try URIRecordView(payload: payload))
        case .text: return .text(try TextRecordView(payload: payload))
        case .smartPoster: return .smartPoster(try SmartPosterRecordView(payload: payload))
        case .action, .size, .resourceType, .other: return .other(view)
        }
    case .media:
        return .mime(try MIMERecordView(type: view.type, payload: payload))
    case .absoluteURI:
        return .absoluteURI(try AbsoluteURIRecordView(type: view.type, payload: payload))
    case .external:
        if AndroidApplicationRecord.isType(view.type) {
            return .androidApplication(try AndroidApplicationRecordView(payload: payload))
        } else {
            return .external(try ExternalRecordView(type: view.type, payload: payload))
        }
    case .unknown, .unchanged, .reserved:
        return .other(view)
    }
}
