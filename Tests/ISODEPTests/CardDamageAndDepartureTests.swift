import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import PacketTrace
import SimulatedRigSupport
import Testing

/// An emulated card whose answer arrives with a wrong CRC_A, or that leaves the field in the
/// middle of a chained answer (`ISODEPCardMisbehaviour`), read through the chip's ISO-DEP
/// and the host's.
@Suite struct CardDamageAndDepartureTests {
    static func isInformation(_ block: ISODEPBlock) -> Bool {
        CardMisbehaviourTests.isInformation(block)
    }

    @Test(
        "an answer with a wrong CRC is taken as lost: the reader's R(NAK) brings it intact",
        arguments: ReaderPath.allCases)
    func wrongCRCOnce(path: ReaderPath) async throws {
        let rig = try await CardMisbehaviourTests.selectAnswered(path, .init(wrongCRCOnce: [1]))
        let naks = rig.events.received.filter { frame in
            if case .block(.receiveReady(.nak, _, _)) = frame { true } else { false }
        }
        #expect(naks.count == 1)
        // The damaged block, then the same block again on the R(NAK).
        #expect(rig.events.sentCount(Self.isInformation) == 2)
        #expect(
            rig.events.all.contains { $0.kind == .misbehaved("APDU 1 answered with a wrong CRC") })
    }

    @Test(
        "the card's chip puts the wrong CRC on the air, then the repeat with a right one",
        arguments: ReaderPath.allCases)
    func wrongCRCOnTheAir(path: ReaderPath) async throws {
        let rig = CardRig()
        await rig.field.beginTrace()
        let card = rig.startCard(CardMisbehaviourTests.configuration(.init(wrongCRCOnce: [1])))
        _ = try await rig.read(path, card: card) { transceiver in
            try await transceiver.transceive(CardMisbehaviourTests.select)
        }
        let trace = try #require(await rig.field.endTrace())
        // The SELECT's answer: PCB, the command echoed, 90 00, CRC_A.
        let answers = trace.records.filter {
            $0.kind == .piccToPCD && $0.bytes.count == CardMisbehaviourTests.select.count + 5
        }
        #expect(answers.count == 2)
        #expect(answers.first.map { CRCA.stripping($0.bytes) } == .some(nil))
        #expect(answers.last.flatMap { CRCA.stripping($0.bytes) } != nil)
    }

    @Test(
        "a card leaving in the middle of a chained answer fails the exchange, none of it back",
        arguments: ReaderPath.allCases)
    func leavesMidChain(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard(
            CardMisbehaviourTests.configuration(.init(leavesFieldAfterChainingBlocks: 1)))
        // 256 bytes and 90 00: two parts for FSD 256.
        let answer = try await rig.read(path, card: card) { transceiver -> [UInt8]? in
            try? await transceiver.transceive([0x00, 0xCA, 0x01, 0x00])
        }
        #expect(answer == nil)
        #expect(rig.events.sentCount(Self.isInformation) == 1)
        #expect(
            rig.events.all.contains {
                $0.kind == .misbehaved("left the field after 1 chained answer parts")
            })
    }

    @Test(
        "a card with a part limit chains an answer that fits one block of FSD 256, and reads whole",
        arguments: ReaderPath.allCases)
    func chainsBelowFSD(path: ReaderPath) async throws {
        // The SELECT's answer is 14 bytes (the command echoed, 90 00): parts of 5, 5 and 4.
        let rig = try await CardMisbehaviourTests.selectAnswered(path, .init(answerPartLimit: 5))
        #expect(rig.events.sentCount(Self.isInformation) == 3)
    }

    @Test(
        "a card leaving in its second chained answer answers the first whole, none of the second",
        arguments: ReaderPath.allCases)
    func leavesInSecondChainedAnswer(path: ReaderPath) async throws {
        let rig = CardRig()
        let card = rig.startCard(
            CardMisbehaviourTests.configuration(
                .init(leavesFieldInChainedAnswer: 2, answerPartLimit: 5)))
        let answers = try await rig.read(path, card: card) { transceiver -> [[UInt8]?] in
            let select = CardMisbehaviourTests.select
            return [
                try? await transceiver.transceive(select),
                try? await transceiver.transceive(select),
            ]
        }
        #expect(answers.first??.count == CardMisbehaviourTests.select.count + 2)
        #expect(answers.last == .some(nil))
        #expect(
            rig.events.all.contains {
                $0.kind == .misbehaved("left the field after the first part of chained answer 2")
            })
    }

    @Test(
        "a part of a chained answer withheld once comes on the reader's second R(ACK)",
        arguments: ReaderPath.allCases)
    func withholdsAPartOnce(path: ReaderPath) async throws {
        let rig = try await CardMisbehaviourTests.selectAnswered(
            path, .init(answerPartLimit: 5, silentOnceOnAcknowledgement: 1))
        let acks = rig.events.received.filter { frame in
            if case .block(.receiveReady(.ack, _, _)) = frame { true } else { false }
        }
        // Two parts asked for, the first of them twice.
        #expect(acks.count == 3)
        #expect(rig.events.sentCount(Self.isInformation) == 3)
    }

    @Test(
        "an S(WTX) in answer to an R(ACK) in a chained answer is granted and the chain goes on",
        arguments: ReaderPath.allCases)
    func asksForTimeInAChainedAnswer(path: ReaderPath) async throws {
        let rig = try await CardMisbehaviourTests.selectAnswered(
            path, .init(answerPartLimit: 5, wtxOnAcknowledgement: [1: 3]))
        let granted = rig.events.received.compactMap { frame -> UInt8? in
            guard case .block(.supervisory(.waitingTimeExtension(let wtxm, _), _)) = frame else {
                return nil
            }
            return wtxm
        }
        #expect(granted == [3])
        // Three parts for the 14-byte answer, none lost: the S(WTX) took the place of none.
        #expect(rig.events.sentCount(Self.isInformation) == 3)
    }
}
