import Conformance
import Foundation
import Reporting
import Testing

/// The chunk cases judge the records a DUT's application decoded, never nfcrig's decoding of
/// its bytes: `Scripts/records_dut.py` reads with nfcpy and reports records reassembled,
/// unassembled, wrong, or none, and the cases pass, fail and skip accordingly; each fail's
/// message names only frames its trace holds (`ReportEvidence`).
@Suite(
    .serialized, .timeLimit(.minutes(3)),
    .needsThirdPartyClients
)
struct ScriptedRecordsDUTTests {
    static let reassembly = (1...6).map { String(format: "CHUNK-%03d", $0) }
    static let rejection = (7...11).map { String(format: "CHUNK-%03d", $0) }

    /// The verdicts of the chunked suite with `mode`; `statuses` are the exit statuses the
    /// run may end with (0 passed, 1 failed, 3 nothing judged).
    static func verdicts(mode: String, statuses: Set<Int32> = [0, 1]) throws -> [String: Verdict] {
        let root = NfcpyDUTTests.root
        let fixture = try RigFixture()
        let rig = try fixture.write(
            "records.yaml",
            """
            name: records-\(mode)
            clock: wall
            emulators: [{id: tag-a, device: sim}]
            dut:
              adapter: process
              command: [\(root.path)/.build-venv/bin/python, \(root.path)/Scripts/records_dut.py, \(mode)]
              reader: virtual-usb
            suites: [chunked]
            """)
        let outcome = try NFCRigProcess.run(
            ["run", "--rig", rig, "--out", fixture.folder.path + "/out"])
        #expect(statuses.contains(outcome.status), "\(outcome.stdout)\n\(outcome.stderr)")
        let report = try ReportFile.load(fixture.folder.path + "/out/latest")
        let unsupported = try ReportEvidence.unsupportedClaims(
            in: report, folder: fixture.folder.path + "/out/latest", source: "records \(mode)")
        #expect(unsupported.isEmpty, "\(unsupported.joined(separator: "\n"))")
        return Dictionary(uniqueKeysWithValues: report.cases.map { ($0.id, $0.verdict) })
    }

    static func expect(_ verdicts: [String: Verdict], _ ids: [String], _ verdict: Verdict) {
        for id in ids { #expect(verdicts[id] == verdict, "\(id)") }
    }

    @Test func reassembledRecordsPassAndBrokenChunksRejectedPass() throws {
        let verdicts = try Self.verdicts(mode: "reassembled")
        Self.expect(verdicts, Self.reassembly + Self.rejection, .pass)
    }

    @Test func chunksReportedAsRecordsFailReassemblyAndRejection() throws {
        let verdicts = try Self.verdicts(mode: "unassembled")
        Self.expect(verdicts, Self.reassembly, .fail)
        // ndeflib refuses a middle chunk with a type; the other broken sequences it accepts.
        Self.expect(verdicts, ["CHUNK-007"], .pass)
        Self.expect(verdicts, ["CHUNK-008", "CHUNK-009", "CHUNK-010", "CHUNK-011"], .fail)
    }

    @Test func aWrongPayloadFailsReassembly() throws {
        let verdicts = try Self.verdicts(mode: "wrong")
        Self.expect(verdicts, Self.reassembly, .fail)
        Self.expect(verdicts, Self.rejection, .pass)
    }

    /// Every case skipped judges nothing: the run says so and exits 3, not 0.
    @Test func bytesWithoutRecordsSkipEveryChunkCase() throws {
        let verdicts = try Self.verdicts(mode: "bytes-only", statuses: [3])
        Self.expect(verdicts, Self.reassembly + Self.rejection, .skip)
    }
}
