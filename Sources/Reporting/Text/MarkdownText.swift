/// Escaping for text placed in Markdown (GitHub-flavoured) paragraphs and table cells.
enum MarkdownText {
    /// The text as one line that renders literally: Markdown punctuation backslash-escaped,
    /// `<` and `&` as references (raw HTML would otherwise pass through), line breaks as `↵`
    /// (a table row is one line) and control characters replaced by visible stand-ins.
    static func inline(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.replacing("\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~":
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(scalar)
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\n", "\r": result += " \u{21B5} "
            case "\t": result += " "
            default:
                result.unicodeScalars.append(
                    VisibleControls.mustReplace(scalar) ? VisibleControls.stand(in: scalar) : scalar
                )
            }
        }
        return result
    }
}
