import ISODEP
import PN533
import PN533Sim
import SimulatedRigSupport
import Testing

/// The InCommunicateThru link on a simulated chip: the RF timeout it sets, the CRC framing
/// it restores, and how a silent card comes back.
@Suite struct CommunicateThruLinkTests {
    /// The data of every host command `code` the chip received.
    static func commands(_ code: UInt8, on chip: PN533Firmware) async -> [[UInt8]] {
        await chip.eventLog.compactMap {
            if case .command(code, let data) = $0.kind { data } else { nil }
        }
    }

    @Test("the retry timeout is the shortest code covering the wait, set only when it changes")
    func setsRetryTimeouts() async throws {
        let rig = CardRig()
        let card = rig.startCard()
        try await rig.participate {
            _ = try await rig.listCard()
            let link = CommunicateThruLink(device: rig.reader)
            #expect(
                try await link.transceive([0x02, 0x01], timeout: .milliseconds(10)) == [
                    0x02, 0x01, 0x90, 0x00,
                ])
            #expect(
                try await link.transceive([0x03, 0x02], timeout: .milliseconds(10)) == [
                    0x03, 0x02, 0x90, 0x00,
                ])
            #expect(
                try await link.transceive([0x02, 0x03], timeout: .milliseconds(100)) == [
                    0x02, 0x03, 0x90, 0x00,
                ])
            try await rig.reader.setRF(field: false)
            _ = try await card.value
        }
        // 12.8 ms is code 08, 102.4 ms code 0B; the CIU framing is read once.
        #expect(
            await Self.commands(0x32, on: rig.readerChip).filter { $0.first == 0x02 } == [
                [0x02, 0x00, 0x0B, 0x08], [0x02, 0x00, 0x0B, 0x0B],
            ])
        #expect(await Self.commands(0x06, on: rig.readerChip).count == 1)
        #expect(await Self.commands(0x08, on: rig.readerChip).isEmpty)
    }

    @Test("CRC framing a host switched off is switched on again before the first frame")
    func restoresCRC() async throws {
        let rig = CardRig()
        let card = rig.startCard()
        try await rig.participate {
            _ = try await rig.listCard()
            try await rig.reader.writeRegisters([(0x6302, 0x00), (0x6303, 0x00), (0x633D, 0x07)])
            let link = CommunicateThruLink(device: rig.reader)
            #expect(
                try await link.transceive([0x02, 0x01], timeout: .milliseconds(10)) == [
                    0x02, 0x01, 0x90, 0x00,
                ])
            try await rig.reader.setRF(field: false)
            _ = try await card.value
        }
        #expect(
            await Self.commands(0x08, on: rig.readerChip).last == [
                0x63, 0x02, 0x80, 0x63, 0x03, 0x80, 0x63, 0x3D, 0x00,
            ])
    }

    @Test(
        "a silent card is a timeout; past the longest code the chip is told to wait without limit")
    func silence() async throws {
        let rig = CardRig()
        let host = rig.startSilentCard()
        try await rig.participate {
            _ = try await rig.listCard()
            try await host.value
            let link = CommunicateThruLink(device: rig.reader)
            await #expect(throws: ISODEPLinkError.timeout) {
                try await link.transceive([0x02, 0x01], timeout: .milliseconds(5))
            }
            await #expect(throws: ISODEPLinkError.timeout) {
                try await link.transceive([0x02, 0x01], timeout: .seconds(5))
            }
            try await rig.drainSilentCard(2)
        }
        #expect(
            await Self.commands(0x32, on: rig.readerChip).filter { $0.first == 0x02 }.last == [
                0x02, 0x00, 0x0B, 0x00,
            ])
    }
}
