import HexText
import NDEF

/// The human-readable rendering of records for `decode` and `lint`.
enum NDEFRecordText {
    /// Lines describing one record and its decoded fields.
    static func lines(_ record: NDEFRecord, index: Int) -> [String] {
        var head = "record \(index): \(record.typeNameFormat.name)"
        if !record.type.isEmpty { head += " \(String(reflecting: record.typeName))" }
        head += ", \(record.payload.count)-byte payload"
        if !record.identifier.isEmpty { head += ", id \(Hex.encode(record.identifier))" }
        if record.chunkCount > 1 { head += ", reassembled from \(record.chunkCount) chunks" }
        var lines = [head]
        do {
            lines += fields(try NDEFRecordContent(record)).map { "  " + $0 }
        } catch {
            lines.append("  payload violates its record type: \(error.rule): \(error.message)")
        }
        return lines
    }

    private static func fields(_ content: NDEFRecordContent) -> [String] {
        switch content {
        case .empty: return []
        case .uri(let uri):
            var lines = ["uri: \(uri.uri)"]
            if let code = uri.reservedPrefixCode {
                lines.append("note: reserved prefix code 0x\(Hex.encode([code])) read as no prefix")
            }
            return lines
        case .text(let text):
            return ["text (\(text.language), \(text.encoding.rawValue)): \(text.text)"]
        case .smartPoster(let poster):
            var lines = ["smart poster uri: \(poster.uri.uri)"]
            lines += poster.titles.map { "title (\($0.language)): \($0.text)" }
            if let action = poster.action { lines.append("action: \(action.name)") }
            if let size = poster.size { lines.append("size: \(size) bytes") }
            if let type = poster.resourceType { lines.append("type: \(type)") }
            lines += poster.icons.map { "icon: \($0.mediaType), \($0.payload.count) bytes" }
            return lines
        case .mime(let mime):
            var lines = ["media type: \(mime.mediaType)"]
            if mime.isJSON {
                if (try? mime.jsonObject()) != nil {
                    lines.append("json: " + String(decoding: mime.payload, as: UTF8.self))
                } else {
                    lines.append("json: payload is not valid JSON")
                }
            }
            return lines
        case .absoluteURI(let absolute): return ["absolute uri: \(absolute.uri)"]
        case .external(let external): return ["external type: \(external.type.rawValue)"]
        case .androidApplication(let application):
            return ["android application: \(application.packageName)"]
        case .other(let record):
            return [
                "payload: \(Hex.encode(record.payload.prefix(64)))"
                    + (record.payload.count > 64 ? "…" : "")
            ]
        }
    }
}
