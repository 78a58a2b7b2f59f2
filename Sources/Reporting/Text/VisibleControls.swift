/// Stand-ins for characters no report format may carry as they are.
///
/// DUTs and tags are free to send NUL, ESC and friends. XML 1.0 forbids most C0 controls
/// outright and HTML treats them as parse errors, so every writer swaps them for something a
/// person can see instead of dropping them silently: evidence of a misbehaving DUT stays in
/// the report.
enum VisibleControls {
    /// Whether a scalar must be replaced: C0 controls other than tab, line feed and carriage
    /// return, DEL, C1 controls, and the noncharacters U+FFFE and U+FFFF.
    static func mustReplace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The Control Pictures glyph (U+2400 + code, U+2421 for DEL) of a C0 control or DEL,
    /// U+FFFD for the others.
    static func stand(in scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }

    /// The text with every scalar that ``mustReplace(_:)`` swapped for its stand-in.
    static func replacing(in text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(mustReplace(scalar) ? stand(in: scalar) : scalar)
        }
        return String(result)
    }
}
