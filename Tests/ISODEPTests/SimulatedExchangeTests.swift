import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import Testing

/// An `ISODEPCard` on the emulator chip and a reader on the other chip, through the chip's
/// ISO-DEP (InDataExchange) and the host's (InCommunicateThru): short APDUs, chaining both
/// ways, answers beyond one InDataExchange frame, waiting time extensions, DESELECT.
@Suite struct SimulatedExchangeTests {
    @Test("a short APDU is echoed", arguments: ReaderPath.allCases)
    func shortAPDU(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let answer = try await rig.read(path, card: card) { transceiver in
            try await transceiver.transceive(bytes("00a4040007d2760000850101"))
        }
        #expect(answer == bytes("00a4040007d2760000850101 9000"))
        let end = try await rig.participate { try await card.value }
        #expect(
            end
                == .released(
                    .brokenLink(command: .tgGetInitiatorCommand, status: .releasedByInitiator)))
        #expect(rig.events.received.first == .rats(RATS(fsdi: 8, cid: 0)))
        #expect(rig.events.sent.first == .ats(ISODEPCardConfiguration().ats))
        #expect(
            rig.events.received.dropFirst().first
                == .block(
                    .information(blockNumber: 0, inf: bytes("00a4040007d2760000850101"))))
    }

    @Test("several APDUs in a row keep the block numbers in step", arguments: ReaderPath.allCases)
    func severalAPDUs(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        try await rig.read(path, card: card) { transceiver in
            for index in 0..<5 {
                let command: [UInt8] = [0x80, UInt8(index)]
                let answer = try await transceiver.transceive(command)
                #expect(answer == command + [0x90, 0x00])
            }
        }
        let numbers = rig.events.sent.compactMap { frame -> UInt8? in
            if case .block(let block) = frame { block.blockNumber } else { nil }
        }
        #expect(numbers == [0, 1, 0, 1, 0])
    }

    @Test(
        "a command longer than FSC goes in chained, R(ACK) for each part",
        arguments: ReaderPath.allCases)
    func commandChaining(path: ReaderPath) async throws {
        let rig = CardRig()
        var configuration = ISODEPCardConfiguration()
        configuration.ats = ATS(fsci: 2, fwi: 8)
        let card = rig.startCard(configuration)
        let command = [0x00, 0xD6, 0x00, 0x00, 0x60] + TestApplication.pattern(0x60)
        let answer = try await rig.read(path, card: card) { transceiver in
            try await transceiver.transceive(command)
        }
        #expect(answer == command + [0x90, 0x00])
        // FSC 32: 29 INF bytes a block, so 101 bytes make 4 blocks and 3 R(ACK)s.
        #expect(rig.events.sentCount { $0 == .ack(0) || $0 == .ack(1) } == 3)
    }

    @Test(
        "an answer longer than FSD comes back chained, also beyond 262 bytes",
        arguments: ReaderPath.allCases)
    func answerChaining(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let answers = try await rig.read(path, card: card) { transceiver in
            var answers: [[UInt8]] = []
            for length in [250, 251, 600] {
                answers.append(
                    try await transceiver.transceive([
                        0x00, 0xCA, UInt8(length >> 8), UInt8(length & 0xFF),
                    ]))
            }
            return answers
        }
        #expect(answers[0] == TestApplication.pattern(250) + [0x90, 0x00])
        #expect(answers[1] == TestApplication.pattern(251) + [0x90, 0x00])
        #expect(answers[2] == TestApplication.pattern(600) + [0x90, 0x00])
        // FSD 256 leaves 253 INF bytes a block: 252 fit one, 253 fit one, 602 take three.
        #expect(
            rig.events.sentCount {
                if case .information(_, true, _, _, _) = $0 { true } else { false }
            } == 2)
    }

    @Test(
        "a command beyond one InDataExchange frame goes in with MI, and both ways chain",
        arguments: ReaderPath.allCases)
    func longCommands(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let command = [0x00, 0xD6, 0x00, 0x00, 0x00, 0x01, 0x90] + TestApplication.pattern(400)
        let answer = try await rig.read(path, card: card) { transceiver in
            try await transceiver.transceive(command)
        }
        #expect(answer == command + [0x90, 0x00])
    }

    @Test(
        "a card slower than FWT asks for more time and the reader waits it out",
        arguments: ReaderPath.allCases)
    func waitingTimeExtension(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let (answer, elapsed) = try await rig.read(path, card: card) { transceiver in
            let start = rig.clock.now
            let answer = try await transceiver.transceive([0x00, 0x5E, 0x00, 200])
            let elapsed = start.duration(to: rig.clock.now)
            return (answer, elapsed)
        }
        #expect(answer == [0x90, 0x00])
        #expect(elapsed >= .milliseconds(200))
        // FWT of FWI 8 is 77.3 ms; S(WTX 1) goes out when half of it has passed since the
        // command or the last grant: at about 39, 80, 121 and 162 ms.
        let requests = rig.events.sentCount { $0 == .wtx(1) }
        #expect(requests == 4, "\(rig.events.all.map(\.description).joined(separator: "\n"))")
        let grants = rig.events.received.filter { $0 == .block(.wtx(1)) }.count
        #expect(grants == requests)
    }

    @Test(
        "the always policy asks for more time before every answer", arguments: ReaderPath.allCases)
    func alwaysWaitingTimeExtension(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard(
            ISODEPCardConfiguration(ats: ATS(fsci: 8, fwi: 4), wtxPolicy: .always(multiplier: 7)))
        try await rig.read(path, card: card) { transceiver in
            for command: [UInt8] in [[0x01], [0x02]] {
                let answer = try await transceiver.transceive(command)
                #expect(answer == command + [0x90, 0x00])
            }
        }
        #expect(rig.events.sentCount { $0 == .wtx(7) } == 2)
    }

    @Test("DESELECT from the reader ends the card's session", arguments: ReaderPath.allCases)
    func deselect(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let end = try await rig.participate {
            let transceiver = try await rig.transceiver(path)
            _ = try await transceiver.transceive([0x00])
            switch transceiver {
            case let reader as ISODEPReader: try await reader.deselect()
            default: try await rig.reader.deselect(target: 1)
            }
            return try await card.value
        }
        #expect(end == .deselected)
        #expect(rig.events.sent.last == .block(.deselect()))
        #expect(rig.events.all.last?.kind == .ended(.deselected))
    }

    @Test("a reader that activates the card itself: RATS over InCommunicateThru, then APDUs")
    func hostActivation() async throws {
        let rig = CardRig()
        // SEL_RES 00: the reader chip lists the card without sending RATS.
        let target = TargetConfiguration(sensRes: [0x44, 0x00], nfcid1t: [1, 2, 3], selRes: 0x00)
        let card = rig.startCard(
            ISODEPCardConfiguration(ats: ATS(fsci: 5, fwi: 6, sfgi: 3, historicalBytes: [0x80])),
            target: target)
        let (ats, answer) = try await rig.participate {
            let listed = try await rig.listCard()
            #expect(listed.ats == nil)
            let reader = ISODEPReader(
                link: CommunicateThruLink(device: rig.reader), scheduler: rig.scheduler)
            let ats = try await reader.activate(RATS(fsdi: 5))
            let answer = try await reader.transceive(TestApplication.pattern(100))
            try await reader.deselect()
            _ = try await card.value
            return (ats, answer)
        }
        #expect(ats == ATS(fsci: 5, fwi: 6, sfgi: 3, historicalBytes: [0x80]))
        #expect(answer == TestApplication.pattern(100) + [0x90, 0x00])
        // FSD 64 from the reader's RATS: 61 INF bytes a block, so 102 bytes come back in two.
        #expect(
            rig.events.sentCount {
                if case .information(_, true, _, _, _) = $0 { true } else { false }
            } == 1)
    }
}
