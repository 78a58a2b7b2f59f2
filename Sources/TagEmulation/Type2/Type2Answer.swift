/// What an emulated Type 2 Tag answers a command with.
public enum Type2Answer: Sendable, Hashable {
    /// READ's 16 bytes, sent as a normal frame with CRC_A.
    case data([UInt8])
    /// The 4-bit ACK `A`, sent without CRC.
    case acknowledgement
    /// A 4-bit NAK, sent without CRC (`0`: invalid argument, the only one this tag uses).
    case negativeAcknowledgement(UInt8)
    /// No answer: HLTA, after which the tag waits in HALT to be woken up.
    case silence
    /// No answer: a frame the tag takes for an error (a command it does not know, or of the
    /// wrong length), after which it waits in IDLE again (NTAG21x, ISO/IEC 14443-3).
    case unanswered

    /// NAK 0: invalid argument (a block out of range, locked, or read-only).
    public static let invalidArgument = Type2Answer.negativeAcknowledgement(0x0)

    /// The 4-bit value of an ACK or NAK.
    public var nibble: UInt8? {
        switch self {
        case .acknowledgement: 0x0A
        case .negativeAcknowledgement(let code): code & 0x0F
        case .data, .silence, .unanswered: nil
        }
    }
}
