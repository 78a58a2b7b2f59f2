import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import Testing

/// An emulated card breaking ISO/IEC 14443-4 on purpose (`ISODEPCardMisbehaviour`), read
/// through the chip's ISO-DEP and the host's: what the card sent, and how a reader that
/// keeps the rules comes through.
@Suite struct CardMisbehaviourTests {
    static let select = bytes("00a4040007d2760000850101")

    static func configuration(_ misbehaviour: ISODEPCardMisbehaviour) -> ISODEPCardConfiguration {
        var configuration = ISODEPCardConfiguration()
        configuration.misbehaviour = misbehaviour
        return configuration
    }

    static func isWTX(_ block: ISODEPBlock) -> Bool {
        if case .supervisory(.waitingTimeExtension, _) = block { true } else { false }
    }

    static func isInformation(_ block: ISODEPBlock) -> Bool {
        if case .information = block { true } else { false }
    }

    /// SELECT through `path` to a card misbehaving as given; the answer must be right.
    static func selectAnswered(
        _ path: ReaderPath, _ misbehaviour: ISODEPCardMisbehaviour
    ) async throws -> CardRig {
        let rig = CardRig()
        let card = rig.startCard(configuration(misbehaviour))
        let answer = try await rig.read(path, card: card) { transceiver in
            try await transceiver.transceive(select)
        }
        #expect(answer == select + [0x90, 0x00])
        return rig
    }

    /// One APDU through `path`, then the reader's S(DESELECT) and the field off; how the
    /// card's session ended.
    static func deselectAfterOneAPDU(
        _ path: ReaderPath, _ misbehaviour: ISODEPCardMisbehaviour
    ) async throws -> (CardRig, ISODEPCardSessionEnd) {
        let rig = CardRig()
        let card = rig.startCard(configuration(misbehaviour))
        let end = try await rig.participate {
            let transceiver = try await rig.transceiver(path)
            _ = try await transceiver.transceive([0x00])
            switch transceiver {
            case let reader as ISODEPReader: _ = try? await reader.deselect()
            default: _ = try? await rig.reader.deselect(target: 1)
            }
            try await rig.reader.setRF(field: false)
            return try await card.value
        }
        return (rig, end)
    }

    @Test(
        "S(WTX) requests in a row before an answer, each granted, then the answer",
        arguments: ReaderPath.allCases, [[1], [1, 1, 1, 1, 1], [59]])
    func waitingTimeExtensions(path: ReaderPath, multipliers: [UInt8]) async throws {
        let rig = try await Self.selectAnswered(path, .init(wtxRequests: multipliers))
        #expect(rig.events.sentCount(Self.isWTX) == multipliers.count)
        // Each granted: the reader answered every S(WTX) with S(WTX) of the same WTXM.
        let granted = rig.events.received.compactMap { frame -> UInt8? in
            guard case .block(.supervisory(.waitingTimeExtension(let wtxm, _), _)) = frame else {
                return nil
            }
            return wtxm
        }
        #expect(granted == multipliers)
    }

    @Test("WTX only before the APDUs it names", arguments: ReaderPath.allCases)
    func waitingTimeExtensionForOneAPDU(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard(Self.configuration(.init(wtxRequests: [2], wtxOn: [2])))
        try await rig.read(path, card: card) { transceiver in
            for index in 0..<3 {
                let answer = try await transceiver.transceive([0x80, UInt8(index)])
                #expect(answer.count == 4)
            }
        }
        #expect(rig.events.sentCount(Self.isWTX) == 1)
    }

    @Test(
        "an answer withheld once comes with the reader's R(NAK)", arguments: ReaderPath.allCases)
    func silentOnce(path: ReaderPath) async throws {
        let rig = try await Self.selectAnswered(path, .init(silentOnce: [1]))
        let naks = rig.events.received.filter { frame in
            if case .block(.receiveReady(.nak, _, _)) = frame { true } else { false }
        }
        #expect(naks.count == 1)
        // The answer went out once, on the R(NAK).
        #expect(rig.events.sentCount(Self.isInformation) == 1)
    }

    @Test(
        "an answer after the waiting time is lost, and R(NAK) brings it again",
        arguments: ReaderPath.allCases)
    func answerAfterWaitingTime(path: ReaderPath) async throws {
        let rig = try await Self.selectAnswered(path, .init(answerAfterWaitingTime: [1]))
        // The late one, then the repeat the R(NAK) asked for.
        #expect(rig.events.sentCount(Self.isInformation) == 2)
        #expect(await rig.field.lateAnswerCount == 1)
    }

    @Test("S(DESELECT) ignored: the card never answers it", arguments: ReaderPath.allCases)
    func deselectIgnored(path: ReaderPath) async throws {
        let (rig, _) = try await Self.deselectAfterOneAPDU(path, .init(deselect: .ignore))
        #expect(rig.events.received.contains(.block(.deselect())))
        #expect(!rig.events.sent.contains(.block(.deselect())))
    }

    @Test("S(DESELECT) answered late", arguments: ReaderPath.allCases)
    func deselectDelayed(path: ReaderPath) async throws {
        let (rig, end) = try await Self.deselectAfterOneAPDU(
            path, .init(deselect: .delay(.milliseconds(3))))
        #expect(end == .deselected)
        let received = try #require(
            rig.events.all.first { $0.kind == .received(.block(.deselect())) })
        let sent = try #require(rig.events.all.first { $0.kind == .sent(.block(.deselect())) })
        #expect(sent.time - received.time >= .milliseconds(3))
    }
}
