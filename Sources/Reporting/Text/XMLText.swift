/// Escaping for XML 1.0 text and attribute values.
enum XMLText {
    /// Text safe inside an attribute value in double quotes.
    ///
    /// Tab, line feed and carriage return become character references: attribute-value
    /// normalisation would otherwise turn them into spaces and lose the DUT's exact message.
    static func attribute(_ text: String) -> String {
        MarkupEscaping.escape(text) { scalar in
            switch scalar {
            case "\n": "&#10;"
            case "\t": "&#9;"
            default: markup(scalar)
            }
        }
    }

    /// Text safe as element content. Carriage returns become references so that the parser's
    /// line-end normalisation keeps them.
    static func content(_ text: String) -> String {
        MarkupEscaping.escape(text, reference: markup)
    }

    /// Text safe inside `<!-- ... -->`: a comment holds no references, must not contain
    /// `--` nor end with `-`, so a hyphen after a hyphen gets a space before it, a final one
    /// a space after it, and controls their visible stand-ins.
    static func comment(_ text: String) -> String {
        var result = ""
        for character in VisibleControls.replacing(in: text) {
            if character == "-", result.hasSuffix("-") { result += " " }
            result.append(character)
        }
        return result.hasSuffix("-") ? result + " " : result
    }

    private static func markup(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        // Always escaped, so that `]]>` can never appear in content.
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&apos;"
        case "\r": "&#13;"
        default: nil
        }
    }
}
