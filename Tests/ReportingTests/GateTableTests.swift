import Conformance
import Testing

@testable import Reporting

@Suite struct GateTableTests {
    @Test func everyChangeIsARowInAlignedColumns() {
        let result = Gate.compare(
            baseline: SampleRuns.report(
                id: "A",
                cases: [
                    SampleRuns.latencyCase("NDEF-R-001", p50: 10, p99: 20),
                    SampleRuns.latencyCase("GONE", p50: 1, p99: 1),
                ]),
            candidate: SampleRuns.report(
                id: "B",
                cases: [
                    SampleRuns.latencyCase("NDEF-R-001", verdict: .fail, p50: 12.5, p99: 19),
                    SampleRuns.latencyCase("NEW", p50: 1, p99: 1),
                ]))
        let expected = """
            gate: baseline A vs candidate B; a latency regresses when p50 or p99 grows by more \
            than 10% and more than 0.5 ms

                       BASELINE                CANDIDATE
            DUT        DUT, firmware 1         DUT, firmware 1
            nfcrig     0.1.0 (commit unknown)  0.1.0 (commit unknown)
            profile    unknown                 unknown
            catalogue  unknown                 unknown
            outcome    PASS                    FAIL

            CASE        CHANGE            BASELINE   CANDIDATE  DELTA               ASSESSMENT
            NDEF-R-001  verdict           pass       fail       -                   REGRESSION
            NDEF-R-001  timeToDetect p50  10.000 ms  12.500 ms  +2.500 ms (+25.0%)  REGRESSION
            NDEF-R-001  timeToDetect p99  20.000 ms  19.000 ms  -1.000 ms (-5.0%)   within tolerance
            GONE        case missing      pass       -          -                   LOST COVERAGE
            NEW         new case          -          pass       -                   changed

            gate: FAILED: 2 regressions, 1 lost coverage (of 5 changes)
            """
        #expect(GateTable.render(result) == expected)
    }

    @Test func noChangesSaySo() {
        let report = SampleRuns.report(cases: [SampleRuns.latencyCase("C", p50: 1, p99: 2)])
        let text = GateTable.render(
            Gate.compare(
                baseline: report, candidate: report, tolerance: 0.125, minimumDelta: .seconds(1)))
        #expect(text.contains("grows by more than 12.5% and more than 1000 ms"))
        #expect(text.hasSuffix("\n\nno changes\n\ngate: passed: no changes"))
    }

    @Test func changesWithoutRegressionPass() {
        let result = Gate.compare(
            baseline: SampleRuns.report(cases: [SampleRuns.latencyCase("C", p50: 1, p99: 2)]),
            candidate: SampleRuns.report(cases: [SampleRuns.latencyCase("C", p50: 1.1, p99: 2)]))
        #expect(GateTable.render(result).hasSuffix("gate: passed: 1 change, no regression"))
    }

    @Test func controlCharactersInCaseIDsStayOnOneLine() {
        let result = Gate.compare(
            baseline: SampleRuns.report(cases: [
                SampleRuns.latencyCase("X\nY\u{1B}", p50: 1, p99: 1)
            ]),
            candidate: SampleRuns.report(cases: []))
        #expect(GateTable.render(result).contains("X\u{21B5}Y\u{241B}  case missing"))
    }
}
