import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import Testing

/// How often a PN533's InDataExchange recovers a lost ISO-DEP answer is RFConfiguration's
/// MaxRtyCOM (item 04): 00 after power-up, so a chip nobody configured never sends R(NAK)
/// and fails the exchange with status 01 (timeout); the reference reader sets 2.
@Suite struct ChipRecoveryTests {
    static func naks(_ rig: CardRig) -> Int {
        rig.events.received.filter { frame in
            if case .block(.receiveReady(.nak, _, _)) = frame { true } else { false }
        }.count
    }

    @Test func aChipLeftAtMaxRtyCOM00FailsOnTheFirstLostAnswerWithoutRNAK() async throws {
        let rig = CardRig()
        let card = rig.startCard(CardMisbehaviourTests.configuration(.init(silentOnce: [1])))
        let failure = try await rig.participate { () async throws -> ISODEPError? in
            let transceiver = try await rig.transceiver(.chip, chipRecoveries: 0)
            var failure: ISODEPError?
            do {
                _ = try await transceiver.transceive(CardMisbehaviourTests.select)
            } catch let error as ISODEPError {
                failure = error
            }
            try await rig.reader.setRF(field: false)
            _ = try await card.value
            return failure
        }
        #expect(failure == .link(.rfTimeout(command: .inDataExchange)))
        #expect(Self.naks(rig) == 0)
    }

    @Test(arguments: [UInt8(1), 2])
    func eachRetryOfMaxRtyCOMIsOneRNAK(_ retries: UInt8) async throws {
        let rig = CardRig()
        // Silent on the first two arrivals of APDU 1's block: its first try and one R(NAK).
        let card = rig.startCard(CardMisbehaviourTests.configuration(.init(silentOnce: [1])))
        let answer = try await rig.participate { () async throws -> [UInt8] in
            let transceiver = try await rig.transceiver(.chip, chipRecoveries: retries)
            let answer = try await transceiver.transceive(CardMisbehaviourTests.select)
            try await rig.reader.setRF(field: false)
            _ = try await card.value
            return answer
        }
        #expect(answer == CardMisbehaviourTests.select + [0x90, 0x00])
        #expect(Self.naks(rig) == 1)
    }

    /// The R(NAK) that asks for an answer lost after a granted S(WTX) carries the PCD's
    /// current block number (ISO/IEC 14443-4 rules A and B), not the S-block's: after one
    /// exchange it is 1, and the card (rule 11) repeats its answer only for that number.
    @Test func theRNAKAfterAGrantedWTXCarriesTheCurrentBlockNumber() async throws {
        let rig = CardRig()
        // APDU 2: the card asks S(WTX) 1, then leaves the answer after the grant unanswered.
        let card = rig.startCard(
            CardMisbehaviourTests.configuration(
                .init(wtxRequests: [1], wtxOn: [2], silentOnce: [2])))
        let answers = try await rig.participate { () async throws -> [[UInt8]] in
            let transceiver = try await rig.transceiver(.chip, chipRecoveries: 2)
            let first = try await transceiver.transceive(CardMisbehaviourTests.select)
            let second = try await transceiver.transceive(CardMisbehaviourTests.select)
            try await rig.reader.setRF(field: false)
            _ = try await card.value
            return [first, second]
        }
        #expect(answers == Array(repeating: CardMisbehaviourTests.select + [0x90, 0x00], count: 2))
        let naks = rig.events.received.compactMap { frame -> UInt8? in
            if case .block(.receiveReady(.nak, let number, _)) = frame { number } else { nil }
        }
        #expect(naks == [1])
    }
}
