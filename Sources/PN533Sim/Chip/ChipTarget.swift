/// A PN533 in target mode as the field sees it: a type A card whose answers come from the
/// chip's host (TgResponseToInitiator), not from the chip.
final class ChipTarget: RFTarget {
    /// What the host's TgGetInitiatorCommand (or pending TgInitAsTarget) will receive.
    enum Event: Sendable {
        /// A reader frame (CRC stripped when the chip checks it) and the way to answer it.
        case frame(ArraySlice<UInt8>, endedAt: SimulationInstant, reply: RFReply)
        /// The field went off or the card left: target mode is over (status 0x29).
        case released
    }

    let identity: TypeAIdentity
    let mode: UInt8
    let inbox: SimulationChannel<Event>
    unowned let chip: PN533Firmware

    init(identity: TypeAIdentity, mode: UInt8, chip: PN533Firmware) {
        self.identity = identity
        self.mode = mode
        self.chip = chip
        inbox = SimulationChannel(clock: chip.clock)
    }

    func selected(at instant: SimulationInstant, in field: isolated RFField) {
        chip.assumeIsolated { $0.targetSelected(self) }
    }

    func receive(
        _ frame: AirFrame, endedAt instant: SimulationInstant, reply: RFReply,
        in field: isolated RFField
    ) {
        chip.assumeIsolated {
            $0.targetReceived(frame, endedAt: instant, reply: reply, target: self)
        }
    }

    func halted(in field: isolated RFField) {
        // HLTA ends target mode on the chip once it was activated: the host sees 0x29.
        chip.assumeIsolated { $0.targetReleased(self) }
    }

    func fieldLost(in field: isolated RFField) {
        chip.assumeIsolated { $0.targetReleased(self) }
    }
}
