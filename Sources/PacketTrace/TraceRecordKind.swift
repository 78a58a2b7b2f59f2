/// What a trace record is: a frame on the air one way or the other, the reader's field
/// switching, or a USB transfer between a host and its PN533.
///
/// The RF names are ISO/IEC 14443's: the PCD is the reader (proximity coupling device), the
/// PICC the card (proximity card), whichever chip plays it.
public enum TraceRecordKind: Sendable, Hashable, CaseIterable {
    /// A frame from the reader to the card.
    case pcdToPICC
    /// A frame from the card to the reader.
    case piccToPCD
    /// The reader switched its field on.
    case fieldOn
    /// The reader switched its field off.
    case fieldOff
    /// A bulk OUT transfer: bytes the host wrote to the chip.
    case hostToChip
    /// A bulk IN transfer: bytes the chip sent the host.
    case chipToHost

    /// Whether the record belongs on an RF interface (ISO 14443 link type) rather than a USB
    /// one.
    public var isRF: Bool {
        switch self {
        case .pcdToPICC, .piccToPCD, .fieldOn, .fieldOff: true
        case .hostToChip, .chipToHost: false
        }
    }

    /// Whether the record is a field switch, which carries no bytes.
    public var isFieldEvent: Bool { self == .fieldOn || self == .fieldOff }
}
