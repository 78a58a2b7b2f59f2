import Conformance
import Foundation
import HexText
import NDEF
import Rig
import Testing

/// A conformance run with a reader product behind the JSON Lines adapter: a DUT that breaks
/// the protocol gets an ERROR verdict quoting the offending line, and the run goes on.
@Suite struct ProcessDUTRunTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Rigs/examples")

    static func rig(mode: String) -> RigFile {
        RigFile(
            name: "process-dut", clock: .wall,
            emulators: [RigFile.Emulator(id: "tag-a", device: .sim)],
            dut: .process(
                ProcessDUTSpec(
                    command: [
                        "python3", "fake_dut.py", mode,
                        Hex.encode([0x08] + RigTagSlot.nfcid(for: "tag-a")),
                    ], requestTimeout: .seconds(2))))
    }

    static func run(mode: String, cases: [String]) async throws -> [CaseResult] {
        try await ConformanceRun.run(
            rig(mode: mode), fileName: "process-dut.yaml", directory: examples,
            options: ConformanceRun.Options(caseIDs: cases), runID: "process",
            nfcrigVersion: "test",
            commit: nil, progress: { _ in }
        ).cases
    }

    @Test func aLineThatIsNotJSONIsAnErrorQuotingItAndTheRunGoesOn() async throws {
        let results = try await Self.run(mode: "bad-json", cases: ["NDEF-R-001", "NDEF-R-003"])
        #expect(results.map(\.id) == ["NDEF-R-001", "NDEF-R-003"])
        for result in results {
            #expect(result.verdict == .error)
            #expect(result.message.contains("this is not json"), "\(result.message)")
        }
    }

    @Test func anEarlyExitIsAnErrorWithItsStatusAndTheNextCaseStillRuns() async throws {
        let results = try await Self.run(mode: "exit-early", cases: ["NDEF-R-001", "NDEF-R-003"])
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.verdict == .error })
        #expect(results[0].message.contains("exited with status 3"), "\(results[0].message)")
    }

    @Test func aSilentDUTTimesOutAsAnError() async throws {
        let results = try await Self.run(mode: "silent", cases: ["NDEF-R-001"])
        #expect(results.first?.verdict == .error)
        #expect(
            results.first?.message.contains("no answer to read") == true,
            "\(results.first?.message ?? "")")
    }
}
