import PN533

/// How one frame exchange over an `ISODEPFrameLink` failed.
public enum ISODEPLinkError: Error, Sendable, Hashable {
    /// Nothing came back within the timeout: the block or its answer was lost.
    case timeout
    /// An answer came back damaged (CRC, parity, framing): it is lost, the link is not.
    case transmission(PN533Error)
    /// The link itself failed (the chip, USB, the field): no retransmission will help.
    case failed(PN533Error)
}
