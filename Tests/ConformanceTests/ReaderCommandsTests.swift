import Conformance
import Foundation
import PN533Sim
import Rig
import Testing

/// The reference reader asks a PN533 only for what the chip does: the multi-tag and restart
/// suites count tags one at a time (InListPassiveTarget MaxTg 1, deselect, poll again), as
/// the simulated chip's own log shows.
@Suite struct ReaderCommandsTests {
    @Test func countingTagsNeverAsksThePN533ForTwoTargets() async throws {
        let rig = try await AssembledRig.assemble(
            MultiTagRestartBackgroundSuiteTests.rig,
            directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        let chip = try #require(rig.readerChip)
        let dut = ReferenceDUT(chip: chip, clock: rig.readerClock)
        _ = try await rig.run { try await dut.hello() }
        let runner = ConformanceRunner(rig: rig, dut: dut, repeatCount: 1)
        var verdicts: [Verdict] = []
        for suite in ["multi-tag", "restart-polling"] {
            for conformanceCase in ConformanceCatalog.cases(suite: suite) ?? [] {
                verdicts.append(await runner.run(conformanceCase).verdict)
            }
        }
        await rig.run { await dut.close() }
        await rig.close()
        #expect(verdicts.count == 8)
        #expect(verdicts.allSatisfy { $0 == .pass })

        let firmware = try #require(chip.simulated)
        #expect(await firmware.droppedEventCount == 0)
        let lists = await firmware.eventLog.compactMap { event -> [UInt8]? in
            guard case .command(0x4A, let data) = event.kind else { return nil }
            return data
        }
        #expect(lists.count > 9)
        #expect(lists.allSatisfy { $0.first == 0x01 }, "\(lists.filter { $0.first != 0x01 })")
        let refused = await firmware.eventLog.filter { $0.kind == .errorFrame }
        #expect(refused.isEmpty)
    }
}
