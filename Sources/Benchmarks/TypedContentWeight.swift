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
}
