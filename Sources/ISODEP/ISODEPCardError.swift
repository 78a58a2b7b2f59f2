import PN533

/// Why an emulated card's session failed.
public enum ISODEPCardError: Error, Sendable, Hashable {
    /// The initiator's first command is not a RATS.
    case notRATS(command: [UInt8], error: RATSError)
    /// A chained command grew past `limit` bytes.
    case commandTooLong(limit: Int)
    /// The chip failed otherwise than by the reader letting go.
    case link(PN533Error)
}
