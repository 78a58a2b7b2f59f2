import NDEF

/// Folds a decoded record's typed fields into an integer so the optimiser must build them.
/// The corpus is checked to decode before timing, so `nil` never happens while timing.
enum TypedContentWeight {
    static func of(_ content: NDEFRecordContent?) -> Int {
        switch content {
        case nil: 0
        case .empty: 1
        case .uri(let uri): uri.uri.utf8.count
        case .text(let text): text.text.utf8.count &+ text.language.utf8.count
        case .smartPoster(let poster):
            poster.uri.uri.utf8.count &+ poster.titles.count &+ Int(poster.action?.rawValue ?? 0)
        case .mime(let mime): mime.mediaType.utf8.count &+ mime.payload.count
        case .absoluteURI(let absolute): absolute.uri.utf8.count
        case .external(let external): external.type.rawValue.utf8.count &+ external.payload.count
        case .androidApplication(let application): application.packageName.utf8.count
        case .other(let record): record.payload.count
        }
    }

    /// The same for content checked in place: counts, lengths and codes of the located fields,
    /// so the checks cannot be dropped and no string is built.
    static func of(_ content: NDEFRecordContentView) -> Int {
        switch content {
        case .empty: 1
        case .uri(let uri): uri.rest.count &+ Int(uri.prefixCode)
        case .text(let text): text.text.count &+ text.language.count
        case .smartPoster(let poster):
            poster.titleCount &+ Int(poster.action?.rawValue ?? 0) &+ uriWeight(poster)
        case .mime(let mime): mime.mediaType.count &+ mime.payload.count
        case .absoluteURI(let absolute): absolute.uri.count
        case .external(let external): external.type.count &+ external.payload.count
        case .androidApplication(let application): application.packageName.count
        case .other(let record): record.payload.count
        }
    }

    private static func uriWeight(_ poster: SmartPosterRecordView) -> Int {
        var weight = 0
        poster.withURI { weight = $0.rest.count &+ Int($0.prefixCode) }
        return weight
    }
}
