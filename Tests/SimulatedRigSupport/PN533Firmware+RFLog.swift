import PN533Sim

/// What a reader chip did on the RF side, read from its own event log.
extension PN533Firmware {
    /// When the chip switched its field on and off: the RF side's view.
    public func fieldSwitches() -> [(on: Bool, at: Duration)] {
        eventLog.compactMap { event in
            switch event.kind {
            case .rf("field on"): (true, event.at.offset)
            case .rf("field off"): (false, event.at.offset)
            default: nil
            }
        }
    }

    /// Every frame the chip sent to a card from `start` on, with its size in bytes (CRC
    /// included): what `PN533Fault.targetLeavesAfter(bytes:)` counts.
    public func framesToCard(from start: SimulationInstant = .zero) -> [[UInt8]] {
        eventLog.compactMap { event -> [UInt8]? in
            guard event.at >= start, case .toCard(let frame) = event.kind else { return nil }
            return frame.bytes
        }
    }
}
