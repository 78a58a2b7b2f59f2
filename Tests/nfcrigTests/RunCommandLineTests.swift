import BuildProvenance
import Conformance
import Foundation
import Reporting
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
        #expect(plain.stdout.contains("36 cases: 36 pass, 0 fail, 0 error, 0 skip"))
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

    /// A process DUT that introduces itself and answers `unsupported` to everything else.
    static let unsupportedEverything = """
        import json, sys
        for line in sys.stdin:
            request = json.loads(line)
            if request["op"] == "hello":
                answer = {"id": request["id"], "ok": True, "name": "lazy", "firmware": "0.0"}
            else:
                answer = {"id": request["id"], "ok": False, "error": "unsupported",
                          "message": request["op"]}
            print(json.dumps(answer), flush=True)
        """

    @Test func aRunWhoseEveryCaseSkippedJudgedNothingAndExitsThree() throws {
        let fixture = try RigFixture()
        let script = try fixture.write("lazy_dut.py", Self.unsupportedEverything)
        let rig = try fixture.write(
            "lazy.yaml",
            """
            name: lazy
            clock: wall
            emulators: [{id: tag-a, device: sim}]
            dut: {adapter: process, command: [python3, \(script)]}
            """)
        let out = reports()
        let outcome = try NFCRigProcess.run([
            "run", "--rig", rig, "--suite", "ndef-read", "--repeat", "1", "--out", out,
        ])
        #expect(outcome.status == 3, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(
            outcome.stdout.contains(
                "— NOTHING JUDGED: every case of suite ndef-read skipped"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("the DUT did not offer: scan ("), "\(outcome.stdout)")
        let report = try ReportFile.load(out + "/latest")
        #expect(report.summary.outcome == "nothingJudged")
        #expect(report.summary.unjudgedSuites == ["ndef-read"])
        #expect(report.summary.notOffered.first?.operation == "scan")
        #expect(report.cases.allSatisfy { $0.verdict == .skip })
    }

    /// Run from another git repository (a firmware's), the report names nfcrig's own
    /// commit, compiled in, and never the directory's.
    @Test func theReportNamesTheCommitNfcrigWasBuiltFromNotTheWorkingDirectorys() throws {
        let fixture = try RigFixture()
        let git = { (arguments: [String]) throws -> String in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", fixture.folder.path] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git(["init", "-q"])
        try fixture.write("firmware.c", "int main(void) { return 0; }\n")
        _ = try git(["add", "firmware.c"])
        _ = try git([
            "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "firmware",
        ])
        let firmwareCommit = try git(["rev-parse", "HEAD"])
        #expect(firmwareCommit.count == 40)
        let out = reports()
        let outcome = try NFCRigProcess.run(
            ["run", "--rig", Self.simRig, "--case", "NDEF-R-001", "--out", out],
            directory: fixture.folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try ReportFile.load(out + "/latest")
        #expect(report.nfcrig.commit != firmwareCommit)
        #expect(report.nfcrig.commit == BuildProvenance.commit)
        #expect(report.nfcrig.dirty == BuildProvenance.treeDirty)
        #expect(report.catalogue?.cases == ConformanceCatalog.allCases.count)
    }

    @Test func versionPrintsTheVersionAndTheCommitNfcrigWasBuiltFrom() throws {
        let outcome = try NFCRigProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == BuildProvenance.description + "\n")
        #expect(outcome.stdout.hasPrefix("nfcrig \(BuildProvenance.version), commit "))
        // Built from this repository's checkout, the commit is known: 40 hex digits.
        if FileManager.default.fileExists(
            atPath: RigFixture.repositoryRoot.appendingPathComponent(".git").path)
        {
            let commit = try #require(BuildProvenance.commit)
            #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit), "\(commit)")
        }
    }
}
