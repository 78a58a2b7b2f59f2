import HexText
import TagFormat

/// Why a tag cannot be written or locked.
public enum NotWritableReason: Sendable, Hashable, CustomStringConvertible {
    /// The write access condition is not 00 (FF: read-only; a Type 2 nibble 0F likewise).
    case writeAccess(UInt8)
    /// The tag refused to change its CC to read-only.
    case lockRefused(StatusWord)
    /// The tag accepted the lock but its CC still grants writing (access shown).
    case lockNotApplied(writeAccess: UInt8)
    /// A Type 2 Tag's static or dynamic lock bit makes a byte of its NDEF area read-only,
    /// whatever its CC says (tag memory address shown).
    case lockBits(address: Int)

    public var description: String {
        switch self {
        case .writeAccess(let access): "write access condition \(Hex.encode([access]))"
        case .lockRefused(let word): "the CC update answered \(word)"
        case .lockNotApplied(let access):
            "the CC still reads write access \(Hex.encode([access])) after locking"
        case .lockBits(let address):
            "a lock bit makes address \(address) of the NDEF area read-only"
        }
    }
}
