import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// A host that stops an emulated card and at once arms the chip again (a rig presenting the
/// next tag): the aborted command's clean-up must not undo the new target mode.
@Suite struct TargetModeHandoverTests {
    /// TgInitAsTarget's data for a Type 2 card (no RATS, so a reader lists it without the
    /// host's help) with UID 08 + `nfcid1t`: mode, SENS_RES (low byte first), NFCID1t,
    /// SEL_RES, then empty FeliCa, NFCID3t, Gt and Tk.
    static func listen(_ nfcid1t: [UInt8]) -> [UInt8] {
        [0x00, 0x44, 0x00] + nfcid1t + [0x00] + [UInt8](repeating: 0, count: 28) + [0x00, 0x00]
    }

    static func frame(_ command: PN533Command, _ data: [UInt8] = []) -> [UInt8] {
        (try? PN533Frame.command(command, data).encode()) ?? []
    }

    /// Activated by a reader, the host asks for the next frame and aborts that at once; the
    /// card leaves the field (a release is queued for the aborted command) and comes back;
    /// the host listens as a new card. The reader must find the new card.
    @Test func theNewTargetStaysAfterAnAbortedGetInitiatorCommandSawTheRelease() async throws {
        let bench = SimulatedRig()
        let (clock, emulatorChip) = (bench.clock, bench.emulatorChip)
        let (reader, emulator) = (bench.reader, bench.emulator)
        let found = try await clock.participate {
            let host = clock.spawn {
                try await emulator.open()
                _ = try await emulator.initAsTarget(
                    TargetConfiguration(sensRes: [0x04, 0x00], nfcid1t: [1, 2, 3], selRes: 0x20),
                    timeout: .seconds(5))
                try await emulator.respondToInitiator([0x05, 0x78, 0x80, 0x70, 0x02])
            }
            try await reader.open()
            try await reader.setRetries(atr: 0, psl: 0, passiveActivation: 1)
            _ = try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
            try await host.value
            let raw = emulatorChip.transport()
            try await raw.send(Self.frame(.tgGetInitiatorCommand))
            try await raw.send(PN533Frame.ack.encode())
            await emulatorChip.setInField(false)
            await emulatorChip.setInField(true)
            try await raw.send(Self.frame(.tgInitAsTarget, Self.listen([4, 5, 6])))
            try await reader.setRF(field: false)
            try await clock.sleep(for: .milliseconds(10))
            return try await reader.listPassiveTargets(max: 1, timeout: .seconds(2))
        }
        #expect(found.map(\.nfcid) == [[0x08, 4, 5, 6]])
    }
}
