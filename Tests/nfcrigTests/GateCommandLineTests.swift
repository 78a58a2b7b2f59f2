import Conformance
import Foundation
import Reporting
import Rig
import Testing

/// `nfcrig gate` as CI sees it: exit 0 without regressions, 1 with one, 2 on bad input.
@Suite struct GateCommandLineTests {
    /// A run of one case whose `readTime` has `count` samples around `p50`, 0.1 ms apart
    /// (three, as a run without `--repeat` has, unless told).
    func run(_ id: String, verdict: Verdict, p50: Duration, count: Int = 3) -> RunResult {
        let samples = (0..<count).map { p50 + .microseconds(100 * ($0 - count / 2)) }
        return RunResult(
            runID: id, rigName: "sim", rigFile: "Rigs/sim.yaml", clock: "virtual",
            dut: DUTIdentity(name: "reader", firmware: "1"), nfcrigVersion: "0.1.0", commit: nil,
            startedAt: Date(timeIntervalSince1970: 1_700_000_000),
            cases: [
                CaseResult(
                    id: "NDEF-R-001", suite: "ndef-read", title: "reads", verdict: verdict,
                    message: verdict == .pass ? "" : "wrong message",
                    measurements: [MeasurementSeries(name: "readTime", samples: samples)])
            ])
    }

    let scratch: TemporaryFolder

    init() throws { scratch = try TemporaryFolder(prefix: "nfcrig-gate") }

    func reports() throws -> URL { scratch.url }

    @Test func aFailingCaseInTheCandidateExitsOne() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let candidate = try ReportWriter.write(
            run("cand", verdict: .fail, p50: .milliseconds(10)), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("NDEF-R-001"))
    }

    @Test func anUnchangedRunExitsZero() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let candidate = try ReportWriter.write(
            run("cand", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
        ])
        #expect(outcome.status == 0)
    }

    @Test func aMedianShiftedBeyondBothLimitsWithEnoughSamplesExitsOne() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10), count: 20), to: directory)
        let candidate = try ReportWriter.write(
            run("cand", verdict: .pass, p50: .milliseconds(12), count: 20), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path, "--tolerance",
            "10%", "--min-delta", "0.5ms",
        ])
        // Samples 0.1 ms apart: the 99 % interval's lower end, +1.4 ms, is beyond both limits.
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "NDEF-R-001  readTime median  9.950 ms, n=20  11.950 ms, n=20  +2.000 ms "
                    + "[+1.400, +2.600]  +20.1% [+14.1%, +26.1%]  REGRESSION"),
            "\(outcome.stdout)")
    }

    @Test func threeSamplesAreNotEnoughToJudgeSoTheGatePassesAndSaysSo() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let candidate = try ReportWriter.write(
            run("cand", verdict: .pass, p50: .milliseconds(20)), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("+10.000 ms, no interval"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("not enough samples to judge"))
        #expect(
            outcome.stdout.hasSuffix(
                "gate: passed: 1 change, no regression (1 latency with too few samples to judge)\n")
        )
    }

    @Test func htmlAndMarkdownWriteTheComparisonWithAPlotPerRegressedMetric() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10), count: 20), to: directory)
        let candidate = try ReportWriter.write(
            run("cand", verdict: .pass, p50: .milliseconds(12), count: 20), to: directory)
        let html = directory.appendingPathComponent("gate.html")
        let markdown = directory.appendingPathComponent("gate.md")
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path, "--html",
            html.path, "--markdown", markdown.path,
        ])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("gate: FAILED: 1 regression (of 1 change)"))
        #expect(page.contains("<svg class=\"gate-distribution\""))
        #expect(page.contains("NDEF-R-001 readTime: REGRESSION"))
        #expect(page.contains("p99 (not judged)"))
        #expect(!page.lowercased().contains("<script"))
        let text = try String(contentsOf: markdown, encoding: .utf8)
        #expect(text.contains("**gate: FAILED: 1 regression (of 1 change)**"))
        #expect(
            text.contains(
                "![NDEF-R-001 readTime: REGRESSION: the baseline's samples against the "
                    + "candidate's](gate-plots/01-NDEF-R-001-readTime.svg)"), "\(text)")
        let plot = try String(
            contentsOf: directory.appendingPathComponent("gate-plots/01-NDEF-R-001-readTime.svg"),
            encoding: .utf8)
        #expect(plot.hasPrefix("<?xml"))
        #expect(plot.contains("<style>"))
        #expect(!plot.lowercased().contains("<script"))
    }

    @Test func aFileInAFolderThatDoesNotExistIsAUsageErrorNamingTheOptionAndThePath() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let missing = directory.appendingPathComponent("no-such-folder/gate.html").path
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", baseline.path, "--html", missing,
        ])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "--html \(missing): cannot write: its folder "
                    + "\(directory.appendingPathComponent("no-such-folder").path) does not exist"),
            "\(outcome.stderr)")
        let folder = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", baseline.path, "--markdown",
            directory.path,
        ])
        #expect(folder.status == 2)
        let report = baseline.appendingPathComponent("report.json").path
        let overwrite = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", baseline.path, "--markdown",
            report,
        ])
        #expect(overwrite.status == 2)
        #expect(
            overwrite.stderr.contains(
                "--markdown \(report): is a report the gate reads; name another file"),
            "\(overwrite.stderr)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("{"))
        #expect(
            folder.stderr.contains("--markdown \(directory.path): cannot write: it is a folder"))
    }

    @Test func anUnreadableToleranceIsAUsageError() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", baseline.path, "--tolerance",
            "lots",
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("lots"))
    }

    func coverageRun(_ id: String, verdicts: [Verdict], profile: String = "nfc-forum") -> RunResult
    {
        RunResult(
            runID: id, rigName: "sim", rigFile: "Rigs/sim.yaml", clock: "virtual",
            dut: DUTIdentity(name: "reader \(id)", firmware: "fw-\(id)"), nfcrigVersion: "0.1.0",
            commit: "c0ffee\(id)", startedAt: Date(timeIntervalSince1970: 1_700_000_000),
            cases: verdicts.enumerated().map { index, verdict in
                CaseResult(
                    id: "CASE-\(index + 1)", suite: "s", title: "t", verdict: verdict,
                    message: verdict == .skip ? "scan: the DUT does not offer it" : "",
                    measurements: verdict == .pass
                        ? [MeasurementSeries(name: "timeToDetect", samples: [.milliseconds(5)])]
                        : [],
                    unsupportedOperation: verdict == .skip ? "scan" : nil)
            }, profile: profile, catalogue: .catalogue)
    }

    @Test func aCandidateThatSkipsWhatTheBaselinePassedFailsTheGateWithEveryCaseListed() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            coverageRun("base", verdicts: Array(repeating: .pass, count: 3)), to: directory)
        let candidate = try ReportWriter.write(
            coverageRun("cand", verdicts: Array(repeating: .skip, count: 3)), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
        ])
        #expect(outcome.status == 1, "\(outcome.stdout)")
        for id in ["CASE-1", "CASE-2", "CASE-3"] {
            #expect(
                outcome.stdout.contains(
                    "\(id)  verdict       pass      skip          -                     -         "
                        + "LOST COVERAGE"),
                "\(outcome.stdout)")
        }
        #expect(outcome.stdout.contains("reader base, firmware fw-base"))
        #expect(outcome.stdout.contains("0.1.0 (commit c0ffeecand)"))
        #expect(outcome.stdout.hasSuffix("gate: FAILED: 6 lost coverage (of 6 changes)\n"))
    }

    @Test func anAcceptFileAcceptsLostCoverageAndWarnsAboutStaleEntries() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            coverageRun("base", verdicts: [.pass, .pass]), to: directory)
        let candidate = try ReportWriter.write(
            coverageRun("cand", verdicts: [.pass, .skip]), to: directory)
        let file = directory.appendingPathComponent("accept.txt")
        try Data("# dropped on purpose\nCASE-2\nCASE-9:timeToDetect\n".utf8).write(to: file)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path, "--accept-file",
            file.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("accepted (lost coverage)"))
        #expect(
            outcome.stdout.contains(
                "warning: \(file.path):3 accepts CASE-9:timeToDetect, but the candidate lost no "
                    + "coverage there: remove the entry"), "\(outcome.stdout)")
    }

    @Test func runsOfDifferentProfilesAreRefusedWithExitTwo() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            coverageRun("base", verdicts: [.pass], profile: "nfc-forum"), to: directory)
        let candidate = try ReportWriter.write(
            coverageRun("cand", verdicts: [.pass], profile: "corenfc"), to: directory)
        let refused = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
        ])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "error: the baseline was judged under profile nfc-forum and the candidate under corenfc"
            ),
            "\(refused.stderr)")
        // A document asked for says why the gate refused, for the CI summary.
        let markdown = directory.appendingPathComponent("refused.md")
        let documented = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path, "--markdown",
            markdown.path,
        ])
        #expect(documented.status == 2)
        let text = try String(contentsOf: markdown, encoding: .utf8)
        #expect(text.contains("**gate: REFUSED: the runs do not compare**"))
        #expect(text.contains("profile nfc-forum and the candidate under corenfc"))
        let allowed = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
            "--allow-different-profile",
        ])
        #expect(allowed.status == 0, "\(allowed.stdout)\n\(allowed.stderr)")
        #expect(allowed.stdout.contains("compared anyway (--allow-different-profile)"))
    }

    @Test func runsOfDifferentCataloguesAreRefusedWithExitTwo() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(coverageRun("base", verdicts: [.pass]), to: directory)
        var other = coverageRun("cand", verdicts: [.pass])
        other.catalogue = CatalogueFingerprint(fingerprint: "fnv1a64:0000000000000001", cases: 1)
        let candidate = try ReportWriter.write(other, to: directory)
        let refused = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path,
        ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("and the candidate's fnv1a64:0000000000000001 (1 cases)"))
        #expect(refused.stderr.contains("--allow-different-catalogue"))
    }

    @Test func anUnreadableAcceptFileIsAUsageError() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(coverageRun("base", verdicts: [.pass]), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", baseline.path, "--accept-file",
            "/nonexistent/accept.txt",
        ])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "--accept-file /nonexistent/accept.txt: cannot be read: no such file"))
    }
}
