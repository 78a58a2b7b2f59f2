import Conformance
import Foundation
import Rig
import Testing

@testable import Reporting

@Suite struct ReportModelTests {
    @Test func aReportCarriesTheRunsIdentityAndEveryCase() {
        let report = Report(SampleRuns.run())
        #expect(report.schema == "nfcrig.report/4")
        #expect(report.runID == "2025-03-01T093000-sim")
        #expect(
            report.rig
                == .init(name: "sim", file: "Rigs/sim.yaml", clock: "virtual", profile: "nfc-forum")
        )
        #expect(report.dut == DUTIdentity(name: "Reference PN533", firmware: "1.6"))
        #expect(report.nfcrig == .init(version: "0.1.0", commit: "ab21d78"))
        #expect(report.startedAt == SampleRuns.startedAt)
        #expect(report.cases.map(\.id) == ["NDEF-R-001", "NDEF-R-002", "POLL-001", "BG-001"])
        #expect(report.cases.map(\.verdict) == [.pass, .fail, .error, .skip])
        #expect(report.cases[1].message == "expected \"hello\", DUT said \"hell\"")
        #expect(report.cases[0].durationMs == 250)
    }

    @Test func theSummaryCountsVerdictsAndKeepsTheWorst() {
        let summary = Report(SampleRuns.run()).summary
        #expect(summary.verdict == .error)
        let counts: [Int] = [
            summary.total, summary.pass, summary.fail, summary.error, summary.skip,
        ]
        #expect(counts == [4, 1, 1, 1, 1])
    }

    @Test func anEmptyRunPasses() {
        #expect(SampleRuns.report(cases: []).summary.verdict == .pass)
    }

    @Test func seriesOfOneMetricAreMergedAndEmptySeriesLeftOut() throws {
        let result = CaseResult(
            id: "X", suite: "s", title: "t", verdict: .pass,
            measurements: [
                MeasurementSeries(name: "apduTime", samples: [.microseconds(100)]),
                MeasurementSeries(name: "writeTime"),
                MeasurementSeries(name: "apduTime", samples: [.microseconds(300)]),
            ])
        let report = CaseReport(result)
        #expect(report.metricNames == ["apduTime"])
        let apdu = try #require(report.measurements["apduTime"])
        #expect(apdu.count == 2)
        #expect(apdu.max == 0.3)
    }
}
