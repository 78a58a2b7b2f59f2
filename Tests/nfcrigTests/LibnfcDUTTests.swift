import Conformance
import Foundation
import Reporting
import Rig
import Testing

/// libnfc as a device under test (`Rigs/libnfc-sim.yaml`): every suite through
/// `Rigs/duts/libnfc_dut.py`, Debian's libnfc6 driven through Python's ctypes, on a simulated
/// reader chip over virtual USB. Each verdict must be the one docs/libnfc.md's table gives.
/// One run of the whole rig serves every test here. `make test` sets NFCRIG_CLIENT_TESTS=1
/// (libnfc6, umockdev).
@Suite(
    .serialized, .timeLimit(.minutes(3)),
    .needsThirdPartyClients
)
struct LibnfcDUTTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let rig = root.appendingPathComponent("Rigs/libnfc-sim.yaml").path

    /// What one run of the whole rig gave: nfcrig's exit status and stderr, the report, and
    /// what its fail messages claim that their trace files do not hold (`ReportEvidence`).
    struct Run: Sendable {
        var status: Int32
        var stderr: String
        var report: Report
        var unsupportedClaims: [String]
    }

    /// The whole rig, run once (about a minute) when the first test asks for it.
    static let whole: Result<Run, any Error> = Result {
        let out = try TemporaryFolder(prefix: "nfcrig-libnfc")
        let outcome = try NFCRigProcess.run(["run", "--rig", rig, "--out", out.url.path])
        let report = try ReportFile.load(out.url.path + "/latest")
        let unsupported = try ReportEvidence.unsupportedClaims(
            in: report, folder: out.url.path + "/latest", source: "libnfc")
        return Run(
            status: outcome.status, stderr: outcome.stderr, report: report,
            unsupportedClaims: unsupported)
    }

    /// The table of libnfc's verdicts in docs/libnfc.md (`| case | profile | libnfc | why |`,
    /// the verdict marked *adapter* where the adapter decides it): case ID → verdict,
    /// profile, and whether the adapter decides it.
    static func documentedVerdicts() throws -> [String: DocumentedVerdicts.Row] {
        try DocumentedVerdicts.read("docs/libnfc.md")
    }

    @Test func everyCaseGetsTheVerdictTheDocsGiveForLibnfc() throws {
        let documented = try Self.documentedVerdicts()
        let run = try Self.whole.get()
        #expect(run.status == 1, "libnfc fails some cases: \(run.stderr)")
        #expect(Set(documented.keys) == Set(run.report.cases.map(\.id)))
        for result in run.report.cases {
            let row = documented[result.id]
            #expect(
                result.verdict.rawValue == row?.verdict,
                "\(result.id): \(result.verdict.rawValue) (\(result.message))")
            #expect(
                result.profile == row?.profile, "\(result.id): judged under \(result.profile ?? "")"
            )
            #expect(
                (result.adapterDecides != nil) == row?.adapter,
                "\(result.id): the adapter decides it: \(result.adapterDecides ?? [])")
        }
    }

    @Test func theFailMessagesNameOnlyFramesTheAirCarried() throws {
        let run = try Self.whole.get()
        #expect(run.unsupportedClaims.isEmpty, "\(run.unsupportedClaims.joined(separator: "\n"))")
    }

    @Test func theAdapterSaysTheChipRunsISODEPAndTheNDEFMappingIsItsOwn() throws {
        let report = try Self.whole.get().report
        #expect(report.dut.name == "libnfc 1.8.0 reader app")
        #expect(report.dut.firmware.contains("pn53x_usb:"), "\(report.dut.firmware)")
        #expect(report.dut.isoDEP == .chip)
        #expect(report.notes.contains { $0.contains("libnfc never sets it") })
        #expect(
            report.dut.adapterAdds == [.ndefMapping, .aidSelection, .errorNames, .tagProperties])
        let mapped = report.cases.filter { $0.adapterDecides?.contains("ndef-mapping") == true }
        #expect(mapped.count == 100, "the ndef-read, ndef-write, t2t-layout and t4t-layout cases")
    }

    @Test func eachFailNamesItsEvidence() throws {
        let report = try Self.whole.get().report
        // No error: the process dying on an extended APDU is libnfc's crash on the tag.
        #expect(report.cases.filter { $0.verdict == .error }.map(\.id) == [])
        let messages = Dictionary(uniqueKeysWithValues: report.cases.map { ($0.id, $0.message) })
        let evidence = [
            "RESTART-001": "expected the DUT to poll again 450.0–550.0 ms after its field went off",
            "ISODEP-E-005": "never asked for the lost answer with R(NAK)",
            "ISODEP-E-021": "the reader sent 1 R(ACK) after it",
            "ISODEP-E-025": "expected 1 tag(s), the DUT reported 0",
            "ISODEP-E-032": "sent no R(NAK)",
            "ISODEP-E-034": "not R(ACK 0) again",
            "ISO7816-006": "buffer overflow detected",
            "ISO7816-008": "Device's Internal Chip Error (-90)",
            "ISO7816-011": "Timeout (-6)",
        ]
        for (id, phrase) in evidence {
            #expect(messages[id]?.contains(phrase) == true, "\(id): \(messages[id] ?? "")")
        }
    }
}
