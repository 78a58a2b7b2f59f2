import Conformance
import Foundation
import HexText
import NDEF
import Rig
import Testing

/// A conformance run with a reader product behind the JSON Lines adapter: a DUT that breaks
/// the protocol gets an ERROR verdict quoting the offending line, one that crashes or hangs on
/// a tag fails, and the run goes on.
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

    /// The results of `cases` against the fake DUT in `mode`; every fail message names only
    /// frames its trace holds (`FailMessageEvidence`).
    static func run(mode: String, cases: [String]) async throws -> [CaseResult] {
        let results = try await ConformanceRun.run(
            rig(mode: mode), fileName: "process-dut.yaml", directory: examples,
            options: ConformanceRun.Options(caseIDs: cases, traceMode: .failing),
            runID: "process", nfcrigVersion: "test", commit: nil, progress: { _ in }
        ).cases
        let unsupported = results.flatMap {
            FailMessageEvidence.unsupportedClaims(of: $0, by: "fake_dut.py \(mode)")
        }
        #expect(unsupported.isEmpty, "\(unsupported.joined(separator: "\n"))")
        return results
    }

    @Test func aLineThatIsNotJSONIsAnErrorQuotingItAndTheRunGoesOn() async throws {
        let results = try await Self.run(mode: "bad-json", cases: ["NDEF-R-001", "NDEF-R-003"])
        #expect(results.map(\.id) == ["NDEF-R-001", "NDEF-R-003"])
        for result in results {
            #expect(result.verdict == .error)
            #expect(result.message.contains("this is not json"), "\(result.message)")
        }
    }

    /// A reader that dies while it reads a tag crashed on that tag: its failure, with its
    /// exit status and stderr, not the harness's error; the next case starts it again.
    @Test func aDUTDyingOnATagFailsAsACrashAndTheNextCaseStillRuns() async throws {
        let results = try await Self.run(mode: "exit-early", cases: ["NDEF-R-001", "NDEF-R-003"])
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.verdict == .fail })
        #expect(
            results[0].message.hasPrefix("read: the DUT crashed on the tag: "),
            "\(results[0].message)")
        #expect(results[0].message.contains("exited with status 3"), "\(results[0].message)")
        #expect(results[0].message.contains("boom: reader unplugged"), "\(results[0].message)")
    }

    @Test func aDUTThatStopsAnsweringOnATagFailsAsAHang() async throws {
        let results = try await Self.run(mode: "silent", cases: ["NDEF-R-001"])
        #expect(results.first?.verdict == .fail)
        #expect(
            results.first?.message.hasPrefix("read: the DUT hung on the tag: no answer to read")
                == true,
            "\(results.first?.message ?? "")")
    }
}
