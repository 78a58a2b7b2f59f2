import Conformance
import Testing

@testable import Reporting

@Suite struct GateTests {
    static func compare(
        _ baseline: [CaseReport], _ candidate: [CaseReport], tolerance: Double = 0.10,
        minimumDelta: Duration = .microseconds(500)
    ) -> GateResult {
        Gate.compare(
            baseline: SampleRuns.report(id: "A", cases: baseline),
            candidate: SampleRuns.report(id: "B", cases: candidate), tolerance: tolerance,
            minimumDelta: minimumDelta)
    }

    static func latency(_ baselineP50: Double, _ candidateP50: Double, tolerance: Double = 0.10)
        -> GateResult
    {
        compare(
            [SampleRuns.latencyCase("C", p50: baselineP50, p99: 100)],
            [SampleRuns.latencyCase("C", p50: candidateP50, p99: 100)], tolerance: tolerance)
    }

    @Test func identicalReportsPassWithNoChanges() {
        let report = Report(SampleRuns.run())
        let result = Gate.compare(baseline: report, candidate: report)
        #expect(result.changes.isEmpty)
        #expect(result.outcome == .passed)
    }

    @Test(arguments: [Verdict.fail, .error])
    func aPassThatNowFailsOrErrorsIsARegression(verdict: Verdict) {
        let result = Self.compare(
            [CaseReport(id: "C", suite: "s", title: "t", verdict: .pass)],
            [CaseReport(id: "C", suite: "s", title: "t", verdict: verdict)])
        #expect(
            result.changes == [
                GateChange(
                    caseID: "C", suite: "s", kind: .verdict(baseline: .pass, candidate: verdict),
                    assessment: .regression)
            ])
        #expect(result.outcome == .regressed)
    }

    @Test(arguments: [
        (Verdict.fail, Verdict.pass, GateAssessment.improvement), (.error, .pass, .improvement),
        (.skip, .pass, .neutral), (.fail, .error, .neutral), (.error, .fail, .neutral),
        (.skip, .fail, .neutral), (.error, .skip, .neutral),
    ])
    func otherVerdictChangesAreListedButPass(
        baseline: Verdict, candidate: Verdict, assessment: GateAssessment
    ) {
        let result = Self.compare(
            [CaseReport(id: "C", suite: "s", title: "t", verdict: baseline)],
            [CaseReport(id: "C", suite: "s", title: "t", verdict: candidate)])
        #expect(result.changes.map(\.assessment) == [assessment])
        #expect(result.outcome == .passed)
    }

    @Test func aCaseMissingFromTheCandidateIsLostCoverageWhateverItsVerdict() {
        let result = Self.compare(
            [CaseReport(id: "GONE", suite: "s", title: "t", verdict: .skip)], [])
        #expect(
            result.changes == [
                GateChange(
                    caseID: "GONE", suite: "s", kind: .caseMissing(baseline: .skip),
                    assessment: .lostCoverage)
            ])
        #expect(result.outcome == .regressed)
    }

    @Test func aNewCaseIsListedButPassesEvenWhenItFails() {
        let result = Self.compare(
            [], [CaseReport(id: "NEW", suite: "s", title: "t", verdict: .fail)])
        #expect(
            result.changes == [
                GateChange(
                    caseID: "NEW", suite: "s", kind: .caseAdded(candidate: .fail),
                    assessment: .neutral)
            ])
        #expect(result.outcome == .passed)
    }

    @Test func aP50GrownBeyondBothLimitsIsARegression() {
        // +20 % and +2 ms.
        let result = Self.latency(10, 12)
        #expect(
            result.changes == [
                GateChange(
                    caseID: "C", suite: "s",
                    kind: .latency(
                        LatencyChange(
                            metric: "timeToDetect", percentile: .p50, baselineMs: 10,
                            candidateMs: 12)),
                    assessment: .regression)
            ])
        #expect(result.outcome == .regressed)
    }

    @Test func aP99GrownBeyondBothLimitsIsARegression() {
        let result = Self.compare(
            [SampleRuns.latencyCase("C", p50: 1, p99: 10)],
            [SampleRuns.latencyCase("C", p50: 1, p99: 11.001)])
        #expect(result.regressions.count == 1)
        guard case .latency(let change) = result.regressions.first?.kind else {
            Issue.record("expected a latency regression")
            return
        }
        #expect(change.percentile == .p99)
        #expect(change.deltaMs == 1.001)
    }

    @Test func growthExactlyAtTheToleranceIsAllowed() {
        // +10 % exactly (1 ms, above the 0.5 ms minimum delta).
        #expect(Self.latency(10, 11).changes.map(\.assessment) == [.withinTolerance])
        // One microsecond more regresses.
        #expect(Self.latency(10, 11.001).changes.map(\.assessment) == [.regression])
    }

    @Test func growthExactlyAtTheMinimumDeltaIsAllowed() {
        // +50 %, but only 0.5 ms.
        #expect(Self.latency(1, 1.5).changes.map(\.assessment) == [.withinTolerance])
        #expect(Self.latency(1, 1.501).changes.map(\.assessment) == [.regression])
    }

    @Test func growthBeyondOnlyOneLimitIsWithinTolerance() {
        // +2 ms but only +1 % of a slow metric.
        #expect(Self.latency(200, 202).changes.map(\.assessment) == [.withinTolerance])
        // +100 % but only 0.2 ms on a fast metric.
        #expect(Self.latency(0.2, 0.4).changes.map(\.assessment) == [.withinTolerance])
    }

    @Test func growthFromZeroIsJudgedByTheMinimumDeltaAlone() {
        #expect(Self.latency(0, 0.5).changes.map(\.assessment) == [.withinTolerance])
        #expect(Self.latency(0, 0.501).changes.map(\.assessment) == [.regression])
    }

    @Test func aLargerToleranceAndMinimumDeltaAllowMore() {
        let result = Self.compare(
            [SampleRuns.latencyCase("C", p50: 10, p99: 20)],
            [SampleRuns.latencyCase("C", p50: 12.5, p99: 22)], tolerance: 0.25,
            minimumDelta: .milliseconds(2))
        #expect(result.changes.map(\.assessment) == [.withinTolerance, .withinTolerance])
    }

    @Test func aLatencyShrunkBeyondBothLimitsIsAnImprovement() {
        let result = Self.latency(12, 10)
        #expect(result.changes.map(\.assessment) == [.improvement])
        #expect(result.outcome == .passed)
        #expect(Self.latency(10, 9).changes.map(\.assessment) == [.withinTolerance])
    }

    @Test func unchangedPercentilesAreNotListed() {
        let result = Self.compare(
            [SampleRuns.latencyCase("C", p50: 1, p99: 2)],
            [SampleRuns.latencyCase("C", p50: 1, p99: 2.0001)])
        #expect(result.changes.isEmpty)
    }

    @Test func aMetricThatAppearsIsListedButOneThatVanishesIsLostCoverage() {
        let result = Self.compare(
            [SampleRuns.latencyCase("C", metric: "old", p50: 1, p99: 2)],
            [SampleRuns.latencyCase("C", metric: "new", p50: 1, p99: 2)])
        #expect(
            result.changes.map(\.kind) == [
                .metricAdded(metric: "new"), .metricMissing(metric: "old"),
            ])
        #expect(result.changes.map(\.assessment) == [.neutral, .lostCoverage])
        #expect(result.outcome == .regressed)
    }

    @Test func changesFollowBaselineOrderThenNewCases() {
        let result = Self.compare(
            [
                CaseReport(id: "B", suite: "s", title: "t", verdict: .pass),
                CaseReport(id: "A", suite: "s", title: "t", verdict: .pass),
                CaseReport(id: "D", suite: "s", title: "t", verdict: .pass),
            ],
            [
                CaseReport(id: "E", suite: "s", title: "t", verdict: .pass),
                CaseReport(id: "A", suite: "s", title: "t", verdict: .fail),
                CaseReport(id: "B", suite: "s", title: "t", verdict: .error),
            ])
        #expect(result.changes.map(\.caseID) == ["B", "A", "D", "E"])
        #expect(result.regressions.map(\.caseID) == ["B", "A", "D"])
    }

    @Test func theRelativeChangeIsAgainstTheBaseline() {
        let change = LatencyChange(metric: "m", percentile: .p50, baselineMs: 4, candidateMs: 5)
        #expect(change.deltaMs == 1)
        #expect(change.relativeChange == 0.25)
        #expect(
            LatencyChange(metric: "m", percentile: .p50, baselineMs: 0, candidateMs: 5)
                .relativeChange == nil)
    }
}
