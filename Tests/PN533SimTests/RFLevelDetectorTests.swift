import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// What a chip's RF level detector tells its host about the other readers' fields: CIU_Status1
/// RFOn while one is on, and CIU_DivIrq's RfOnIRq and RfOffIRq latched at each edge until
/// the host clears them.
@Suite struct RFLevelDetectorTests: OnSimulatedRig {
    let simulated = SimulatedRig()
    /// The chip whose RF level detector the tests read.
    var listenerChip: PN533Firmware { emulatorChip }
    var listener: PN533Device { emulator }

    /// CIU_Status1 RFOn and CIU_DivIrq's two RF bits, as the listener's host reads them.
    func sensed() async throws -> (rfOn: Bool, divIrq: UInt8) {
        let values = try await listener.readRegisters([CIURegister.status1, CIURegister.divIrq])
        return (values[0] & CIURegister.rfOn != 0, values[1])
    }

    func clearRFInterrupts() async throws {
        try await listener.writeRegisters([
            (CIURegister.divIrq, CIURegister.rfOnIRq | CIURegister.rfOffIRq)
        ])
    }

    @Test func aFieldResetShorterThanTheHostsPollingStaysLatchedUntilCleared() async throws {
        let readings = try await clock.participate {
            try await reader.open()
            try await listener.open()
            try await reader.setRF(field: true)
            let on = try await sensed()
            try await clearRFInterrupts()
            let cleared = try await sensed()
            try await reader.setRF(field: false)
            try await clock.sleep(until: clock.now.advanced(by: .milliseconds(5)))
            try await reader.setRF(field: true)
            let afterReset = try await sensed()
            try await listener.writeRegisters([(CIURegister.divIrq, CIURegister.rfOffIRq)])
            let offCleared = try await sensed()
            return [on, cleared, afterReset, offCleared]
        }
        #expect(readings[0].rfOn && readings[0].divIrq == CIURegister.rfOnIRq)
        #expect(readings[1].rfOn && readings[1].divIrq == 0)
        // The field is on again, yet the reset shows: both edges latched.
        #expect(readings[2].rfOn)
        #expect(readings[2].divIrq == CIURegister.rfOnIRq | CIURegister.rfOffIRq)
        // Clearing one bit leaves the other.
        #expect(readings[3].divIrq == CIURegister.rfOnIRq)
    }

    @Test func theChipsOwnFieldIsNotAnExternalOne() async throws {
        let reading = try await clock.participate {
            try await listener.open()
            try await listener.setRF(field: true)
            try await listener.setRF(field: false)
            return try await sensed()
        }
        #expect(!reading.rfOn)
        #expect(reading.divIrq == 0)
    }

    @Test func aFieldGoingOffWhileAnotherStaysOnIsNoEdge() async throws {
        let third = PN533Firmware(name: "third", field: field)
        let other = PN533Device(transport: third.transport())
        let reading = try await clock.participate {
            try await reader.open()
            try await listener.open()
            try await other.open()
            try await reader.setRF(field: true)
            try await other.setRF(field: true)
            try await clearRFInterrupts()
            try await reader.setRF(field: false)
            return try await sensed()
        }
        #expect(reading.rfOn)
        #expect(reading.divIrq == 0)
    }

    @Test func aWriteWithSet2SetsTheBitsAndOneWithoutClearsOnlyThoseWritten() async throws {
        let (set, cleared) = try await clock.participate {
            try await listener.open()
            try await listener.writeRegisters([(CIURegister.divIrq, 0x80 | 0x07)])
            let set = try await sensed().divIrq
            try await listener.writeRegisters([(CIURegister.divIrq, 0x04)])
            return (set, try await sensed().divIrq)
        }
        #expect(set == 0x07)
        #expect(cleared == 0x03)
    }

    @Test func carryingTheAntennaOutOfAFieldIsAFieldGoingOffAndEdgesWhileAwayNeverShow()
        async throws
    {
        let (away, back) = try await clock.participate {
            try await reader.open()
            try await listener.open()
            try await reader.setRF(field: true)
            try await clearRFInterrupts()
            await listenerChip.setInField(false)
            let away = try await sensed()
            try await clearRFInterrupts()
            // Off and on again while the antenna is away: the chip senses neither.
            try await reader.setRF(field: false)
            try await reader.setRF(field: true)
            try await reader.setRF(field: false)
            await listenerChip.setInField(true)
            return (away, try await sensed())
        }
        #expect(!away.rfOn)
        #expect(away.divIrq == CIURegister.rfOffIRq)
        #expect(!back.rfOn)
        #expect(back.divIrq == 0)
    }
}
