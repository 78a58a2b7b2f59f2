import ISODEP
import PN533
import Testing

@testable import FuzzTargets

/// The `isodep` target's card session really runs: a seed's blocks reach the card and its
/// answers come back, so the fuzzer mutates a live session, not a session that ended at once.
@Suite struct ISODEPCardSessionCheckTests {
    @Test func aCardOnTheScriptedChipAnswersRATSAndEveryBlock() async throws {
        let chip = ScriptedTargetChip(commands: [
            [0x02, 0x00, 0xA4, 0x04, 0x00, 0x00], [0xC2],
        ])
        let end = await CorpusReplayTests.onOwnThread {
            Blocking.run { () -> String in
                let card = ISODEPCard(
                    device: PN533Device(transport: chip), scheduler: InstantISODEPScheduler())
                let activation = TargetActivation(
                    mode: TargetActivation.Mode(rawValue: 0x08), initiatorCommand: [0xE0, 0x80])
                do throws(ISODEPCardError) {
                    return "\(try await card.run(activation: activation) { _ in [0x90, 0x00] })"
                } catch {
                    return "\(error)"
                }
            }
        }
        let sent = chip.sent
        #expect(sent.count == 3, "ATS, I-block, S(DESELECT); the session ended: \(end)")
        #expect(try ATS(bytes: sent[0]) == ISODEPCardConfiguration().ats)
        #expect(try ISODEPBlock(bytes: sent[1]).encode() == [0x02, 0x90, 0x00])
        #expect(sent[2] == [0xC2])
    }
}
