import PN533

/// Why an emulated card's session ended without an error.
public enum ISODEPCardSessionEnd: Sendable, Hashable {
    /// The reader sent S(DESELECT) and the card answered it.
    case deselected
    /// The reader released the card or its field went off; the chip's error says which
    /// (status 29 released by the initiator, 31 field off, 2B card gone).
    case released(PN533Error)
    /// The reader sent nothing for this long.
    case idle(Duration)
}
