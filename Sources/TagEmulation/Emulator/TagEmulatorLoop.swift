import ISODEP
import PN533

/// What the emulators' serve loops do with a chip error: stop when the task was cancelled,
/// throw when the host link is gone, keep listening after a listen timeout, and log and
/// re-arm after anything else.
enum TagEmulatorLoop {
    /// Whether the loop should stop (`true`) or go on; throws a transport failure.
    static func shouldStop(after error: PN533Error, log: TagEventLog) throws(PN533Error) -> Bool {
        if Task.isCancelled { return true }
        switch error {
        case .transport: throw error
        case .noResponse(.tgInitAsTarget, _): return false
        default:
            log.record(.chipFailed(error))
            return false
        }
    }

    /// A card the reader put in HALT (S(DESELECT), HLTA) or let go while its field stays on
    /// keeps silent to REQA until the field goes off (ISO/IEC 14443-3), yet a PN533 armed
    /// again at once would answer the reader's next poll as a new card, and a reader counting
    /// the tags in its field (deselect one, poll for the next) would count this one twice.
    /// So the emulator arms the chip again only once its RF level detector (CIU_Status1
    /// RFOn) no longer senses the reader's field, checking every `interval`; it logs
    /// `haltedUntilFieldOff` while it waits and `released` when the field is gone.
    static func waitForFieldOff(
        device: PN533Device, log: TagEventLog, scheduler: any ISODEPScheduler,
        interval: Duration
    ) async throws(PN533Error) {
        var halted = false
        while !Task.isCancelled {
            let status: UInt8
            do {
                status = try await device.readRegisters([CIURegister.status1]).first ?? 0
            } catch {
                _ = try shouldStop(after: error, log: log)
                return
            }
            if status & CIURegister.rfOn == 0 {
                log.record(.released)
                return
            }
            if !halted {
                halted = true
                log.record(.haltedUntilFieldOff)
            }
            await scheduler.sleep(for: interval)
        }
    }
}
