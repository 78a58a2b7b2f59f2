import PN533
import PN533Sim
import SimulatedRigSupport
import TagEmulation
import TagFormat
import Testing

/// A Type 4 emulator presenting hosted ISO/IEC 7816-4 applications to a reader chip.
@Suite struct ISO7816EmulatorTests {
    @Test func aReaderChipSelectsAHostedApplicationAndASlowCommandIsAnsweredAfterWTX()
        async throws
    {
        let rig = EmulationRig()
        let emulator = Type4TagEmulator(
            device: rig.emulator, card: try ISO7816CardTests.card(),
            scheduler: rig.scheduler, log: rig.log)
        let data = (0..<200).map { UInt8($0) }
        let answers = try await rig.read(emulator) {
            _ = try await rig.poll()
            return [
                try await rig.reader.exchange(
                    target: 1, try ISO7816CardTests.select(ISO7816CardTests.loopbackID)),
                try await rig.reader.exchange(
                    target: 1, try ISO7816CardTests.command(data: data, le: 256)),
                try await rig.reader.exchange(
                    target: 1, try ISO7816CardTests.select(ISO7816CardTests.paymentID, le: nil)),
                try await rig.reader.exchange(
                    target: 1, try ISO7816CardTests.command(ins: 0x10, le: 256)),
            ]
        }
        #expect(answers[0].prefix(4) == [0x6F, 0x09, 0x84, 0x07])
        #expect(answers[1] == data + [0x90, 0x00])
        #expect(answers[2] == [0x90, 0x00])
        #expect(answers[3] == [0xAB, 0x90, 0x00])
        // 300 ms is far past the card's FWT (FWI 8: 77 ms): it asked for more time.
        #expect(
            rig.log.events.contains {
                if case .waitingTimeExtension = $0.kind { true } else { false }
            })
        #expect(emulator.card.selectedApplication == nil, "the release deselects")
    }
}
