import Conformance
import Foundation
import Reporting
import Rig
import Testing

/// `nfcrig gate` as CI sees it: exit 0 without regressions, 1 with one, 2 on bad input.
@Suite struct GateCommandLineTests {
    func run(_ id: String, verdict: Verdict, p50: Duration) -> RunResult {
        RunResult(
            runID: id, rigName: "sim", rigFile: "Rigs/sim.yaml", clock: "virtual",
            dut: DUTIdentity(name: "reader", firmware: "1"), nfcrigVersion: "0.1.0", commit: nil,
            startedAt: Date(timeIntervalSince1970: 1_700_000_000),
            cases: [
                CaseResult(
                    id: "NDEF-R-001", suite: "ndef-read", title: "reads", verdict: verdict,
                    message: verdict == .pass ? "" : "wrong message",
                    measurements: [MeasurementSeries(name: "readTime", samples: [p50, p50, p50])])
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

    @Test func latencyGrowthBeyondBothLimitsExitsOne() throws {
        let directory = try reports()
        let baseline = try ReportWriter.write(
            run("base", verdict: .pass, p50: .milliseconds(10)), to: directory)
        let candidate = try ReportWriter.write(
            run("cand", verdict: .pass, p50: .milliseconds(12)), to: directory)
        let outcome = try NFCRigProcess.run([
            "gate", "--baseline", baseline.path, "--candidate", candidate.path, "--tolerance",
            "10%",
            "--min-delta", "0.5ms",
        ])
        #expect(outcome.status == 1)
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
}
