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
    /// So the emulator arms the chip again only once the field has gone off: its RF level
    /// detector no longer senses it (CIU_Status1 RFOn), or it went off since the card was
    /// halted (CIU_DivIrq RfOffIRq, cleared on entry). The latched bit catches a field reset
    /// shorter than the `interval` between checks, or than a busy host's delays; a reader
    /// may switch off for as little as 5 ms. It logs `haltedUntilFieldOff` while it waits
    /// and `released` when the field has gone off.
    static func waitForFieldOff(
        device: PN533Device, log: TagEventLog, scheduler: any ISODEPScheduler,
        interval: Duration
    ) async throws(PN533Error) {
        var halted = false
        do {
            try await device.writeRegisters([(CIURegister.divIrq, CIURegister.rfOffIRq)])
        } catch {
            _ = try shouldStop(after: error, log: log)
            return
        }
        while !Task.isCancelled {
            let status: [UInt8]
            do {
                status = try await device.readRegisters([CIURegister.status1, CIURegister.divIrq])
            } catch {
                _ = try shouldStop(after: error, log: log)
                return
            }
            let fieldOn = status.first.map { $0 & CIURegister.rfOn != 0 } ?? false
            let wentOff = status.last.map { $0 & CIURegister.rfOffIRq != 0 } ?? true
            if !fieldOn || wentOff {
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
