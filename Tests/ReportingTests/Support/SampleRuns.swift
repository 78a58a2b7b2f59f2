import Conformance
import Foundation
import Reporting
import Rig

/// Runs and reports to feed the writers and the gate.
enum SampleRuns {
    static let startedAt = Date(timeIntervalSince1970: 1_740_821_400)  // 2025-03-01T09:30:00Z

    /// Two suites, every verdict, latency series and a polling timeline.
    static func run(id: String = "2025-03-01T093000-sim", dutName: String = "Reference PN533")
        -> RunResult
    {
        RunResult(
            runID: id, rigName: "sim", rigFile: "Rigs/sim.yaml", clock: "virtual",
            dut: DUTIdentity(name: dutName, firmware: "1.6"), nfcrigVersion: "0.1.0",
            commit: "ab21d78", startedAt: startedAt.addingTimeInterval(0.75),
            cases: [
                CaseResult(
                    id: "NDEF-R-001", suite: "ndef-read", title: "Reads a URI record",
                    verdict: .pass,
                    measurements: [
                        MeasurementSeries(
                            name: "timeToDetect", samples: (1...100).map { .microseconds($0 * 10) }),
                        MeasurementSeries(name: "readTime.1KiB", samples: [.milliseconds(12)]),
                    ],
                    duration: .milliseconds(250)),
                CaseResult(
                    id: "NDEF-R-002", suite: "ndef-read", title: "Reads a Text record",
                    verdict: .fail, message: "expected \"hello\", DUT said \"hell\"",
                    duration: .milliseconds(120)),
                CaseResult(
                    id: "POLL-001", suite: "polling", title: "Restarts polling on two tags",
                    verdict: .error, message: "DUT timed out after 5 s",
                    measurements: [
                        MeasurementSeries(
                            name: "restartInterval",
                            samples: [.milliseconds(498), .milliseconds(502), .milliseconds(505)])
                    ],
                    timeline: [
                        TimelineEvent(at: .zero, source: .rf, kind: "poll"),
                        TimelineEvent(
                            at: .milliseconds(3), source: .rf, kind: "multipleTags",
                            detail: "tag-a, tag-b"),
                        TimelineEvent(at: .milliseconds(4), source: .dut, kind: "restartPolling"),
                        TimelineEvent(at: .milliseconds(500), source: .rf, kind: "fieldOff"),
                        TimelineEvent(at: .milliseconds(510), source: .rf, kind: "activation"),
                        TimelineEvent(
                            at: .milliseconds(600), source: .dut, kind: "log", detail: "a <b>"),
                    ],
                    duration: .seconds(1)),
                CaseResult(
                    id: "BG-001", suite: "polling", title: "Background reading on iOS",
                    verdict: .skip, message: "not an iOS DUT"),
            ])
    }

    /// A report of `cases`, for gate tests; by default without a profile or a catalogue, as
    /// an older nfcrig wrote them.
    static func report(
        id: String = "run", cases: [CaseReport], profile: String? = nil,
        catalogue: CatalogueFingerprint? = nil,
        dut: DUTIdentity = DUTIdentity(name: "DUT", firmware: "1"),
        commit: String? = nil
    ) -> Report {
        Report(
            runID: id,
            rig: .init(name: "sim", file: "Rigs/sim.yaml", clock: "virtual", profile: profile),
            dut: dut, nfcrig: .init(version: "0.1.0", commit: commit), startedAt: startedAt,
            cases: cases, catalogue: catalogue)
    }

    /// `count` cases of suite `s`, each with a `timeToDetect` metric when it passed; a skip
    /// is the DUT answering `unsupported` to `scan`.
    static func catalogueCases(_ count: Int, verdict: Verdict) -> [CaseReport] {
        (1...count).map { index in
            let id = "CASE-" + String(format: "%03d", index)
            return verdict == .pass
                ? latencyCase(id, p50: 10, p99: 12)
                : CaseReport(
                    id: id, suite: "s", title: id, verdict: verdict,
                    message: verdict == .skip ? "scan: the DUT does not offer it" : "",
                    unsupportedOperation: verdict == .skip ? "scan" : nil)
        }
    }

    /// A case with one metric whose p50 and p99 are given in milliseconds.
    static func latencyCase(
        _ id: String, verdict: Verdict = .pass, metric: String = "timeToDetect", p50: Double,
        p99: Double
    ) -> CaseReport {
        CaseReport(
            id: id, suite: "s", title: id, verdict: verdict,
            measurements: [
                metric: MeasurementSummary(
                    count: 10, min: min(p50, 0.1), p50: p50, p90: p50, p99: p99, max: p99)
            ])
    }

    /// A temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-reporting-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
