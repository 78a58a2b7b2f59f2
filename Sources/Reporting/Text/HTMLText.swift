/// Escaping for HTML text and attribute values (also used inside inline SVG).
enum HTMLText {
    /// The text with `& < > " '` as character references and control characters replaced by
    /// visible stand-ins, safe in element content and in quoted attribute values.
    static func escape(_ text: String) -> String {
        MarkupEscaping.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }
}
