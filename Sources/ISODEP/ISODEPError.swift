import PN533

/// Everything an ISO/IEC 14443-4 reader exchange can fail with.
public enum ISODEPError: Error, Sendable, Hashable {
    /// The card stayed silent while `lastSent` went out `attempts` times (retransmissions
    /// and R(NAK)s included).
    case timeout(lastSent: ISODEPBlock, attempts: Int)
    /// Every answer to `lastSent` over `attempts` tries was damaged or not a block; `answer`
    /// holds the last one when the link delivered its bytes.
    case transmissionError(lastSent: ISODEPBlock, attempts: Int, answer: [UInt8]?)
    /// The card answered `sent` with `received`, which ISO/IEC 14443-4 does not allow there.
    case protocolViolation(sent: ISODEPBlock, received: ISODEPBlock, reason: Violation)
    /// The card sent a frame of `length` bytes (no CRC) where FSD allows `limit`.
    case oversizedFrame(length: Int, limit: Int)
    /// The card asked for a waiting time extension of `multiplier`, outside 1–59.
    case waitingTimeExtensionOutOfRange(multiplier: UInt8)
    /// The card asked for more time `count` times in a row for one block.
    case tooManyWaitingTimeExtensions(count: Int)
    /// S(DESELECT) got no S(DESELECT) answer in `attempts` tries.
    case deselectFailed(attempts: Int)
    /// RATS got no answer in `attempts` tries.
    case noATS(attempts: Int)
    /// The answer to RATS is not an ATS.
    case invalidATS(bytes: [UInt8], error: ATSError)
    /// A chained answer grew past `limit` bytes.
    case responseTooLong(limit: Int)
    /// No card is active: `activate` was not called, or the card was deselected.
    case notActivated
    /// Another exchange with this reader is still running.
    case busy
    /// The link failed: the chip, USB, or the RF field.
    case link(PN533Error)

    /// How an answer broke the block rules.
    public enum Violation: Sendable, Hashable {
        /// The block number should have been `expected`.
        case wrongBlockNumber(expected: UInt8)
        /// A block of this kind has no place here; `expected` says what would have.
        case unexpectedBlock(expected: String)
        /// The CID should have been `expected` (`nil`: none).
        case cidMismatch(expected: ISODEPCID?)
        /// The answer carries a NAD the reader never sent.
        case unexpectedNAD
    }
}
