/// The state the field keeps of each card in it (ISO/IEC 14443-3 and -4).
extension RFField {
    /// A card's ISO/IEC 14443-3 state, and the ISO/IEC 14443-4 protocol state above it.
    enum CardState: Equatable {
        /// Powered, answering REQA and WUPA.
        case idle
        /// After HLTA or S(DESELECT): only WUPA wakes it.
        case halted
        /// Woken by a raw REQA or WUPA from `reader` and resolving its UID at cascade
        /// `level` (READY, ISO/IEC 14443-3): it answers that level's ANTICOLLISION and
        /// SELECT; anything else sends it back to IDLE (HALT when WUPA woke it from there).
        case ready(reader: Int, level: Int, fromHalt: Bool)
        /// Selected by `reader` (ACTIVE). Any frame it does not expect, a REQA or WUPA among
        /// them, sends it back unanswered to IDLE, or to HALT when WUPA woke it from there
        /// (`fromHalt`); it then answers the next REQA.
        case active(reader: Int, fromHalt: Bool)
        /// Activated by `reader` with RATS (ISO/IEC 14443-4): deaf to REQA and WUPA until
        /// S(DESELECT) sends it to HALT, or the field goes off.
        case protocolActive(reader: Int)

        /// Whether `reader` has this card selected, at either layer.
        func isSelected(by reader: Int) -> Bool {
            switch self {
            case .active(let selector, _), .protocolActive(let selector): selector == reader
            case .idle, .halted, .ready: false
            }
        }

        /// The state after a REQA or WUPA this card does not answer (an ACTIVE or READY card
        /// falls back; the others stay as they are).
        var afterUnexpectedWakeUp: CardState {
            switch self {
            case .active(_, let fromHalt), .ready(_, _, let fromHalt): fromHalt ? .halted : .idle
            case .idle, .halted, .protocolActive: self
            }
        }
    }

    /// A card in the field: what it shows in anticollision, who answers for it, its state.
    struct Entry {
        var identity: TypeAIdentity
        var target: any RFTarget
        var state: CardState
    }
}
