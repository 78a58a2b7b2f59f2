/// Why a hex string could not be read: the offending character and its position.
public enum HexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A character that is not a hex digit (whitespace, `:` and `-` between bytes are fine).
    case invalidCharacter(Character, position: Int)
    /// An odd number of hex digits: the last byte has one digit.
    case oddDigitCount(position: Int)

    public var description: String {
        switch self {
        case .invalidCharacter(let character, let position):
            "character \(String(reflecting: String(character))) at position \(position) "
                + "is not a hex digit"
        case .oddDigitCount(let position):
            "odd number of hex digits: the digit at position \(position) has no partner"
        }
    }
}
