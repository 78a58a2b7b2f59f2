import Conformance
import SeededRandom
import Testing

@testable import Reporting

/// A metric measured under several conditions (a read at each bit rate) is judged series by
/// series: a slow-down at one bit rate must not drown in the others.
@Suite struct GateConditionsTests {
    static let slow = MeasurementConditions(messageBytes: 1024, tagType: "type4", bitRateKbps: 106)
    static let fast = MeasurementConditions(messageBytes: 1024, tagType: "type4", bitRateKbps: 424)

    static func compare(_ baseline: CaseReport, _ candidate: CaseReport) -> GateResult {
        Gate.compare(
            baseline: SampleRuns.report(id: "A", cases: [baseline]),
            candidate: SampleRuns.report(id: "B", cases: [candidate]))
    }

    @Test func aSlowDownAtOneBitRateIsARegressionOfThatSeriesAlone() {
        var random = SplitMix64(seed: 0x35C0)
        // Reads at 106 kbps take about 4 times as long as at 424 kbps.
        let baseline = GateSamples.conditionedCase(
            "R",
            series: [
                (Self.slow, GateSamples.logNormal(100, median: 80, &random)),
                (Self.fast, GateSamples.logNormal(100, median: 20, &random)),
            ])
        let candidate = GateSamples.conditionedCase(
            "R",
            series: [
                (Self.slow, GateSamples.logNormal(100, median: 80, &random)),
                (Self.fast, GateSamples.logNormal(100, median: 20, scale: 1.2, &random)),
            ])
        let result = Self.compare(baseline, candidate)
        #expect(result.changes.map(\.assessment) == [.withinNoise, .regression])
        let table = GateTable.render(result)
        #expect(table.contains("R     readTime.<1KiB median (Type 4, 1024 B, 106 kbps)"))
        #expect(table.contains("readTime.<1KiB median (Type 4, 1024 B, 424 kbps)"))
        // Pooled, the 424 kbps series' 20 % is a few percent of the whole: noise.
        let pooled = Self.compare(
            GateSamples.sampledCase(
                "R", metric: "readTime.<1KiB",
                milliseconds: baseline.series!.flatMap(\.samplesMs)),
            GateSamples.sampledCase(
                "R", metric: "readTime.<1KiB",
                milliseconds: candidate.series!.flatMap(\.samplesMs)))
        #expect(pooled.changes.map(\.assessment) == [.withinNoise])
    }

    @Test func conditionsMeasuredOnlyInTheBaselineAreLostCoverageThatAMetricEntryAccepts() {
        let samples = GateSamples.constant(20)
        let baseline = GateSamples.conditionedCase(
            "R", series: [(Self.slow, samples), (Self.fast, samples)])
        let candidate = GateSamples.conditionedCase("R", series: [(Self.slow, samples)])
        let result = Self.compare(baseline, candidate)
        #expect(
            result.changes.map(\.kind) == [
                .metricMissing(metric: "readTime.<1KiB", conditions: Self.fast)
            ])
        #expect(result.outcome == .regressed)
        #expect(
            GateTable.render(result).contains(
                "readTime.<1KiB (Type 4, 1024 B, 424 kbps)  measured  not measured"))
        let accepted = Gate.compare(
            baseline: SampleRuns.report(id: "A", cases: [baseline]),
            candidate: SampleRuns.report(id: "B", cases: [candidate]),
            accepting: [GateAcceptance(caseID: "R", metric: "readTime.<1KiB")])
        #expect(accepted.outcome == .passed)
    }

    @Test func oneSetOfConditionsEachThatDifferIsNoShiftOfOneMedian() {
        let samples = GateSamples.constant(20)
        let result = Self.compare(
            GateSamples.conditionedCase("R", series: [(Self.slow, samples)]),
            GateSamples.conditionedCase("R", series: [(Self.fast, samples)]))
        #expect(
            result.changes.map(\.kind) == [
                .metricMissing(metric: "readTime.<1KiB", conditions: Self.slow),
                .metricAdded(metric: "readTime.<1KiB", conditions: Self.fast),
            ])
        #expect(result.outcome == .regressed)
    }

    @Test func conditionsMeasuredOnlyInTheCandidateAreListedAsAdded() {
        let samples = GateSamples.constant(20)
        let result = Self.compare(
            GateSamples.conditionedCase("R", series: [(Self.slow, samples)]),
            GateSamples.conditionedCase(
                "R", series: [(Self.slow, samples), (Self.fast, samples)]))
        #expect(
            result.changes.map(\.kind) == [
                .metricAdded(metric: "readTime.<1KiB", conditions: Self.fast)
            ])
        #expect(result.outcome == .passed)
    }

    @Test func oneSeriesAWholeMetricIsComparedWithoutItsConditions() {
        let result = Self.compare(
            GateSamples.conditionedCase("R", series: [(Self.slow, GateSamples.constant(20))]),
            GateSamples.conditionedCase("R", series: [(Self.slow, GateSamples.constant(30))]))
        guard case .latency(let latency) = result.changes.first?.kind else {
            Issue.record("expected a latency change")
            return
        }
        #expect(latency.conditions == nil)
        #expect(result.changes.map(\.assessment) == [.regression])
    }

    @Test func conditionsAreNamedWithWhatIsKnown() {
        #expect(Self.fast.label == "Type 4, 1024 B, 424 kbps")
        #expect(
            MeasurementConditions(commandBytes: 5, responseBytes: 258).label
                == "APDU 5 B → 258 B")
        #expect(MeasurementConditions().label == "no conditions")
    }
}
