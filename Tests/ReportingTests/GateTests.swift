import Conformance
import SeededRandom
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

    /// The assessment of samples without noise: `count` copies of each value, so that the
    /// interval of the shift is exactly the difference and the limits can be probed to the
    /// microsecond.
    static func latency(
        _ baseline: Double, _ candidate: Double, tolerance: Double = 0.10,
        minimumDelta: Duration = .microseconds(500)
    ) -> GateAssessment? {
        GateSamples.assess(
            GateSamples.constant(baseline), GateSamples.constant(candidate),
            tolerance: tolerance, minimumDelta: minimumDelta)
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

    @Test func aMedianShiftedBeyondBothLimitsWithItsWholeIntervalIsARegression() throws {
        // 10.0 ... 10.9 ms against the same 2.5 ms slower: the 99 % interval is
        // [+2.0, +3.0] ms, all of it above 10 % of the median (1.045 ms) and 0.5 ms.
        let baseline = (0..<10).map { 10 + Double($0) / 10 }
        let result = Self.compare(
            [GateSamples.sampledCase("C", milliseconds: baseline)],
            [GateSamples.sampledCase("C", milliseconds: baseline.map { $0 + 2.5 })])
        #expect(result.changes.map(\.assessment) == [.regression])
        #expect(result.outcome == .regressed)
        guard case .latency(let latency) = result.changes.first?.kind else {
            Issue.record("expected a latency change")
            return
        }
        let shift = try #require(latency.shiftMs)
        #expect(shift.estimate == 2.5)
        #expect(shift.interval == 2.0...3.0)
        #expect(latency.baseline.medianMs == 10.45)
        #expect(latency.baseline.count == 10)
        #expect(latency.candidate.count == 10)
    }

    @Test func aShiftWhoseIntervalReachesInsideTheToleranceIsWithinNoise() {
        // The medians are 20 % apart, but eight widely spread samples a side cannot tell
        // that from noise: the interval reaches below +10 %.
        let baseline = [6.0, 8, 9, 10, 10, 11, 12, 14]
        let candidate = baseline.map { $0 * 1.2 }
        #expect(GateSamples.assess(baseline, candidate) == .withinNoise)
    }

    @Test func anIntervalEndingExactlyAtTheToleranceIsAllowed() {
        // +10 % exactly (1 ms, above the 0.5 ms minimum delta).
        #expect(Self.latency(10, 11) == .withinNoise)
        // One microsecond more regresses.
        #expect(Self.latency(10, 11.001) == .regression)
    }

    @Test func anIntervalEndingExactlyAtTheMinimumDeltaIsAllowed() {
        // +50 %, but only 0.5 ms.
        #expect(Self.latency(1, 1.5) == .withinNoise)
        #expect(Self.latency(1, 1.501) == .regression)
    }

    @Test func aShiftBeyondOnlyOneLimitIsWithinNoise() {
        // +2 ms but only +1 % of a slow metric.
        #expect(Self.latency(200, 202) == .withinNoise)
        // +100 % but only 0.2 ms on a fast metric.
        #expect(Self.latency(0.2, 0.4) == .withinNoise)
    }

    @Test func growthFromZeroIsJudgedByTheMinimumDeltaAlone() {
        #expect(Self.latency(0, 0.5) == .withinNoise)
        #expect(Self.latency(0, 0.501) == .regression)
    }

    @Test func aLargerToleranceAndMinimumDeltaAllowMore() {
        #expect(Self.latency(10, 12.5) == .regression)
        #expect(
            Self.latency(10, 12.5, tolerance: 0.25, minimumDelta: .milliseconds(2)) == .withinNoise)
    }

    @Test func aMedianShrunkWithItsWholeIntervalBeyondBothLimitsIsAnImprovement() {
        let result = Self.compare(
            [GateSamples.sampledCase("C", milliseconds: GateSamples.constant(12))],
            [GateSamples.sampledCase("C", milliseconds: GateSamples.constant(10))])
        #expect(result.changes.map(\.assessment) == [.improvement])
        #expect(result.outcome == .passed)
        #expect(Self.latency(10, 9) == .withinNoise)
    }

    @Test func fewerThanEightSamplesInEitherRunAreNotEnoughToJudgeAndNeverARegression() {
        // Three samples a side, twice as slow: the old rule's regression.
        #expect(GateSamples.assess([10, 10.1, 10.2], [20, 20.1, 20.2]) == .notEnoughSamples)
        #expect(
            GateSamples.assess(
                GateSamples.constant(10, count: 100), GateSamples.constant(20, count: 7))
                == .notEnoughSamples)
        let result = Self.compare(
            [GateSamples.sampledCase("C", milliseconds: [10, 10.1, 10.2])],
            [GateSamples.sampledCase("C", milliseconds: [20, 20.1, 20.2])])
        #expect(result.outcome == .passed)
        // Listed, and no warning: both reports kept their samples.
        #expect(result.changes.count == 1)
        #expect(result.warnings.isEmpty)
        guard case .latency(let latency) = result.changes.first?.kind else {
            Issue.record("expected a latency change")
            return
        }
        #expect(latency.shift == nil)
        #expect(latency.medianDeltaMs == 10)
        #expect(latency.relativeMedianDelta == 10 / 10.1)
    }

    @Test func aReportBeforeSchema4HasNoSamplesSoItsLatenciesAreNotJudgedAndAWarningSaysWhy() {
        // The baseline as schema 3 wrote it: summaries, no series.
        var old = SampleRuns.report(
            id: "A", cases: [SampleRuns.latencyCase("C", p50: 10, p99: 11)])
        old.schema = "nfcrig.report/3"
        let result = Gate.compare(
            baseline: old,
            candidate: SampleRuns.report(
                id: "B",
                cases: [
                    GateSamples.sampledCase("C", milliseconds: GateSamples.constant(30, count: 100))
                ]))
        #expect(result.changes.map(\.assessment) == [.notEnoughSamples])
        #expect(result.outcome == .passed)
        #expect(
            result.warnings == [
                "the baseline's report (schema nfcrig.report/3) keeps only each metric's summary, "
                    + "not its samples: its latencies cannot be judged and are listed as not "
                    + "enough samples to judge; run it again with this nfcrig"
            ])
    }

    @Test func twoReportsBeforeSchema4ListAMovedMedianAsNotEnoughSamples() {
        let result = Self.compare(
            [SampleRuns.latencyCase("C", p50: 10, p99: 20)],
            [SampleRuns.latencyCase("C", p50: 12, p99: 20)])
        #expect(result.changes.map(\.assessment) == [.notEnoughSamples])
        #expect(result.warnings.count == 2)
    }

    @Test func theSameSamplesInAnotherOrderAreNotListed() {
        let result = Self.compare(
            [GateSamples.sampledCase("C", milliseconds: [1, 2, 3])],
            [GateSamples.sampledCase("C", milliseconds: [3, 1, 2])])
        #expect(result.changes.isEmpty)
    }

    @Test func unchangedSummariesWithoutSamplesAreNotListed() {
        let result = Self.compare(
            [SampleRuns.latencyCase("C", p50: 1, p99: 2)],
            [SampleRuns.latencyCase("C", p50: 1, p99: 2)])
        #expect(result.changes.isEmpty)
    }

    @Test func p99IsShownButNotJudged() {
        // One heavy outlier in the candidate moves its p99 tenfold; the median stays.
        var random = SplitMix64(seed: 35)
        let baseline = GateSamples.logNormal(100, &random)
        var candidate = GateSamples.logNormal(100, &random)
        candidate[50] = 2_000
        #expect(GateSamples.assess(baseline, candidate) == .withinNoise)
    }

    @Test func thousandsOfSamplesAreJudgedFromEvenlySpacedOrderStatistics() {
        var random = SplitMix64(seed: 0x5A3)
        let baseline = GateSamples.logNormal(3_000, &random)
        let candidate = GateSamples.logNormal(3_000, scale: 1.2, &random)
        let started = ContinuousClock.now
        #expect(GateSamples.assess(baseline, candidate) == .regression)
        #expect(GateSamples.assess(baseline, baseline.reversed()) == nil)
        #expect(ContinuousClock.now - started < .seconds(20))
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

    @Test func theRelativeShiftIsAgainstTheBaselinesMedian() throws {
        let result = Self.compare(
            [GateSamples.sampledCase("C", milliseconds: GateSamples.constant(4))],
            [GateSamples.sampledCase("C", milliseconds: GateSamples.constant(5))])
        guard case .latency(let latency) = result.changes.first?.kind else {
            Issue.record("expected a latency change")
            return
        }
        let relative = try #require(latency.relativeShift)
        #expect(relative.estimate == 0.25)
        #expect(relative.interval == 0.25...0.25)
        let fromZero = Self.compare(
            [GateSamples.sampledCase("C", milliseconds: GateSamples.constant(0))],
            [GateSamples.sampledCase("C", milliseconds: GateSamples.constant(5))])
        guard case .latency(let zero) = fromZero.changes.first?.kind else {
            Issue.record("expected a latency change")
            return
        }
        #expect(zero.relativeShift == nil)
        #expect(zero.shiftMs?.estimate == 5)
    }
}
