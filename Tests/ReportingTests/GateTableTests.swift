import Conformance
import Testing

@testable import Reporting

@Suite struct GateTableTests {
    @Test func everyChangeIsARowInAlignedColumns() {
        let tenSamples = (0..<10).map { 10 + Double($0) / 10 }
        let result = Gate.compare(
            baseline: SampleRuns.report(
                id: "A",
                cases: [
                    GateSamples.sampledCase("NDEF-R-001", milliseconds: tenSamples),
                    GateSamples.sampledCase("NDEF-R-002", milliseconds: tenSamples),
                    GateSamples.sampledCase("NDEF-R-003", milliseconds: [10, 10.1, 10.2]),
                    SampleRuns.latencyCase("GONE", p50: 1, p99: 1),
                ]),
            candidate: SampleRuns.report(
                id: "B",
                cases: [
                    GateSamples.sampledCase(
                        "NDEF-R-001", verdict: .fail, milliseconds: tenSamples.map { $0 + 2.5 }),
                    GateSamples.sampledCase(
                        "NDEF-R-002", milliseconds: tenSamples.map { $0 + 0.3 }),
                    GateSamples.sampledCase("NDEF-R-003", milliseconds: [15, 15.1, 15.2]),
                    SampleRuns.latencyCase("NEW", p50: 1, p99: 1),
                ]))
        // NDEF-R-001: the whole interval lies above +10 % and +0.5 ms; NDEF-R-002's reaches
        // below 0; NDEF-R-003 has three samples a side.
        let expected = """
            gate: baseline A vs candidate B; a latency regresses when the 99% interval of its \
            median's shift lies wholly above +10% and above +0.5 ms (at least 8 samples in each run)

                       BASELINE                CANDIDATE
            DUT        DUT, firmware 1         DUT, firmware 1
            nfcrig     0.1.0 (commit unknown)  0.1.0 (commit unknown)
            profile    unknown                 unknown
            catalogue  unknown                 unknown
            outcome    PASS                    FAIL

            CASE        CHANGE               BASELINE         CANDIDATE        SHIFT [99% INTERVAL]        RELATIVE                 ASSESSMENT
            NDEF-R-001  verdict              pass             fail             -                           -                        REGRESSION
            NDEF-R-001  timeToDetect median  10.450 ms, n=10  12.950 ms, n=10  +2.500 ms [+2.000, +3.000]  +23.9% [+19.1%, +28.7%]  REGRESSION
            NDEF-R-002  timeToDetect median  10.450 ms, n=10  10.750 ms, n=10  +0.300 ms [-0.200, +0.800]  +2.9% [-1.9%, +7.7%]     within noise
            NDEF-R-003  timeToDetect median  10.100 ms, n=3   15.100 ms, n=3   +5.000 ms, no interval      +49.5%                   not enough samples to judge
            GONE        case missing         pass             -                -                           -                        LOST COVERAGE
            NEW         new case             -                pass             -                           -                        changed

            gate: FAILED: 2 regressions, 1 lost coverage (of 6 changes; 1 latency with too few samples to judge)
            """
        #expect(GateTable.render(result) == expected)
    }

    @Test func noChangesSaySo() {
        let report = SampleRuns.report(cases: [SampleRuns.latencyCase("C", p50: 1, p99: 2)])
        let text = GateTable.render(
            Gate.compare(
                baseline: report, candidate: report, tolerance: 0.125, minimumDelta: .seconds(1)))
        #expect(text.contains("lies wholly above +12.5% and above +1000 ms"))
        #expect(text.hasSuffix("\n\nno changes\n\ngate: passed: no changes"))
    }

    @Test func changesWithoutRegressionPass() {
        let result = Gate.compare(
            baseline: SampleRuns.report(cases: [
                GateSamples.sampledCase("C", milliseconds: GateSamples.constant(1))
            ]),
            candidate: SampleRuns.report(cases: [
                GateSamples.sampledCase("C", milliseconds: GateSamples.constant(1.1))
            ]))
        #expect(GateTable.render(result).hasSuffix("gate: passed: 1 change, no regression"))
    }

    @Test func latenciesTooFewToJudgeAreCountedInTheVerdictLine() {
        let result = Gate.compare(
            baseline: SampleRuns.report(cases: [SampleRuns.latencyCase("C", p50: 1, p99: 2)]),
            candidate: SampleRuns.report(cases: [SampleRuns.latencyCase("C", p50: 9, p99: 9)]))
        let text = GateTable.render(result)
        #expect(
            text.contains(
                "C     timeToDetect median  1.000 ms, n=10  9.000 ms, n=10  +8.000 ms, no interval")
        )
        #expect(
            text.hasSuffix(
                "gate: passed: 1 change, no regression (1 latency with too few samples to judge)"))
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
