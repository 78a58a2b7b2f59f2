import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import Testing

/// What each side sees when the other goes away: the card leaving the field mid-session,
/// a card that never answers, a reader that goes quiet, a first command that is no RATS.
@Suite struct SimulatedFailureTests {
    static let released = ISODEPCardSessionEnd.released(
        .brokenLink(command: .tgGetInitiatorCommand, status: .releasedByInitiator))

    /// The PCBs of the frames the reader chip sent to a card after `start`.
    static func pcbsToCard(_ chip: PN533Firmware, since start: SimulationInstant) async -> [UInt8] {
        await chip.eventLog.compactMap { event -> UInt8? in
            guard event.at >= start, case .toCard(let frame) = event.kind else { return nil }
            return frame.bytes.first
        }
    }

    @Test(
        "the card leaving the field mid-session ends its session with a reason, and the reader's exchange fails typed",
        arguments: ReaderPath.allCases)
    func cardLeavesMidSession(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let failure = try await rig.participate {
            let transceiver = try await rig.transceiver(path)
            // The I-block (7 bytes with CRC) and one S(WTX) grant (4) reach the card; it
            // leaves as the second grant goes out, while its handler still works.
            await rig.readerChip.inject(.targetLeavesAfter(bytes: 11))
            return await caught(ISODEPError.self) {
                _ = try await transceiver.transceive([0x00, 0x5E, 0x00, 200])
            }
        }
        let end = try await rig.participate { try await card.value }
        #expect(end == Self.released)
        #expect(rig.events.sentCount { $0 == .wtx(1) } == 2)
        switch path {
        case .chip:
            #expect(failure == .link(.rfTimeout(command: .inDataExchange)))
        case .host:
            #expect(
                failure
                    == .timeout(
                        lastSent: .information(blockNumber: 0, inf: [0x00, 0x5E, 0x00, 200]),
                        attempts: 3))
        }
    }

    @Test(
        "the field going off ends the card's session, and the reader's next exchange fails typed",
        arguments: ReaderPath.allCases)
    func fieldOff(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let failure = try await rig.participate {
            let transceiver = try await rig.transceiver(path)
            _ = try await transceiver.transceive([0x00])
            try await rig.reader.setRF(field: false)
            let end = try await card.value
            #expect(end == Self.released)
            return await caught(ISODEPError.self) { _ = try await transceiver.transceive([0x00]) }
        }
        switch path {
        case .chip:
            #expect(
                failure
                    == .link(.rejected(command: .inDataExchange, status: .notAcceptableInContext)))
        case .host:
            #expect(
                failure
                    == .timeout(lastSent: .information(blockNumber: 1, inf: [0x00]), attempts: 3))
        }
        #expect(rig.events.all.last?.kind == .ended(Self.released))
    }

    @Test(
        "a card that never answers costs the I-block and two R(NAK) before the reader gives up",
        arguments: ReaderPath.allCases)
    func silentCard(path: ReaderPath) async throws {
        let rig = CardRig()
        let host = rig.startSilentCard()
        let (failure, start) = try await rig.participate {
            let transceiver = try await rig.transceiver(path)
            try await host.value
            let start = rig.clock.now
            let failure = await caught(ISODEPError.self) {
                _ = try await transceiver.transceive([0x00, 0xB0, 0x00, 0x00, 0x0F])
            }
            try await rig.drainSilentCard(3)
            return (failure, start)
        }
        #expect(await Self.pcbsToCard(rig.readerChip, since: start) == [0x02, 0xB2, 0xB2])
        switch path {
        case .chip:
            #expect(failure == .link(.rfTimeout(command: .inDataExchange)))
        case .host:
            let block = ISODEPBlock.information(
                blockNumber: 0, inf: [0x00, 0xB0, 0x00, 0x00, 0x0F])
            #expect(failure == .timeout(lastSent: block, attempts: 3))
        }
    }

    @Test("a reader that goes quiet ends the card's session as idle")
    func idleReader() async throws {
        let rig = CardRig()
        var configuration = ISODEPCardConfiguration()
        configuration.idleTimeout = .seconds(1)
        let card = rig.startCard(configuration)
        let end = try await rig.participate {
            _ = try await rig.listCard()
            return try await card.value
        }
        #expect(end == .idle(.seconds(1)))
    }

    @Test("a first command that is no RATS fails the session, naming it")
    func notRATS() async throws {
        let rig = CardRig()
        let target = TargetConfiguration(sensRes: [0x44, 0x00], nfcid1t: [1, 2, 3], selRes: 0x00)
        let card = rig.startCard(target: target)
        let failure = try await rig.participate {
            _ = try await rig.listCard()
            _ = try? await rig.reader.communicateThru([0x30, 0x00])
            return await caught(ISODEPCardError.self) { _ = try await card.value }
        }
        #expect(failure == .notRATS(command: [0x30, 0x00], error: .notRATS(startByte: 0x30)))
    }
}
