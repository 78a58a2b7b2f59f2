import Foundation
import Testing

/// `nfcrig run` as CI sees it: exit 0 when every case passed, 1 when one failed, 2 when the
/// rig or the selection is wrong; a line per case and the reports on disk.
@Suite struct RunCommandLineTests {
    static let simRig = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Rigs/sim.yaml"
        ).path

    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder(prefix: "nfcrig-run") }

    /// A reports folder of its own for each call, inside this test's scratch folder.
    func reports() -> String {
        scratch.url.appendingPathComponent("reports-\(UUID().uuidString)").path
    }

    @Test func aPassingCaseExitsZeroAndWritesTheReports() throws {
        let out = reports()
        let outcome = try NFCRigProcess.run([
            "run", "--rig", Self.simRig, "--case", "NDEF-R-001", "--out", out,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("NDEF-R-001  pass"))
        #expect(outcome.stdout.contains("1 cases: 1 pass, 0 fail, 0 error, 0 skip"))
        for file in ["report.json", "junit.xml", "report.md", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: out + "/latest/" + file), "\(file)")
        }
    }

    @Test func aDeliberateDUTFaultFailsItsCaseAndExitsOne() throws {
        let outcome = try NFCRigProcess.run([
            "run", "--rig", Self.simRig, "--case", "NDEF-W-006", "--dut-fault",
            "unsafe-write-order",
            "--out", reports(),
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("NDEF-W-006  fail"))
    }

    @Test func aType4FaultFailsItsT4TLayoutCaseAndTheWellBehavedReaderPassesIt() throws {
        let faulty = try NFCRigProcess.run([
            "run", "--rig", Self.simRig, "--case", "T4T-L-003", "--dut-fault",
            "select-without-le", "--out", reports(),
        ])
        #expect(faulty.status == 1, "\(faulty.stderr)")
        #expect(faulty.stdout.contains("T4T-L-003   fail"), "\(faulty.stdout)")
        let plain = try NFCRigProcess.run([
            "run", "--rig", Self.simRig, "--suite", "t4t-layout", "--repeat", "1", "--out",
            reports(),
        ])
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(plain.stdout.contains("32 cases: 32 pass, 0 fail, 0 error, 0 skip"))
    }

    @Test func anUnknownSuiteIsARigErrorExitingTwo() throws {
        let outcome = try NFCRigProcess.run([
            "run", "--rig", Self.simRig, "--suite", "telepathy", "--out", reports(),
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("unknown suite \"telepathy\""))
    }

    @Test func anUnknownDUTFaultIsAUsageError() throws {
        let outcome = try NFCRigProcess.run(["run", "--dut-fault", "gremlins", "--out", reports()])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("gremlins"))
    }
}
