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
                // The ID plays no part in decoding.
                let view = NDEFRecordView(
                    index: 0, typeNameFormat: record.typeNameFormat,
                    type: UnsafeRawBufferPointer(type),
                    identifier: UnsafeRawBufferPointer(start: nil, count: 0),
                    payload: UnsafeRawBufferPointer(payload), chunkCount: record.chunkCount)
                // `.other` gives back the record itself, so that its layout is kept.
                return try NDEFRecordContent(view, other: { record })
            }
        }
    }

    /// Decodes a record in place, as `NDEFDecoder.forEachRecord` hands it out; only the
    /// decoded fields are copied out of the input.
    /// - Throws: `RTDError` when the payload breaks its record type's rules.
    public init(_ view: NDEFRecordView) throws(RTDError) {
        try self.init(view, other: view.record)
    }

    /// The content view, materialised; `other` makes the owned record only for `.other`.
    @inline(__always)
    private init(_ view: NDEFRecordView, other: () -> NDEFRecord) throws(RTDError) {
        if view.typeNameFormat == .wellKnown && WellKnownName(view.type) == .smartPoster {
            // Checking a poster and building it take one walk of its nested message; checking
            // it as a view first and then building it would take two.
            self = .smartPoster(try SmartPosterRecord(payload: view.payload))
            return
        }
        switch try NDEFRecordContentView(view) {
        case .other: self = .other(other())
        case let content: self = content.content()
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
