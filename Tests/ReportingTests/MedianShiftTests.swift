import Foundation
import SeededRandom
import Testing

@testable import Reporting

/// The gate's shift estimate tells noise from a regression on known distributions: samples
/// of one log-normal latency distribution (a 10 % spread around 50 ms) against themselves,
/// and against the same shifted 20 %, each in 100 seeded trials.
@Suite struct MedianShiftTests {
    /// `count` latencies in ms: 50 ms × `scale` × e^(0.1·Z), Z standard normal (Box–Muller).
    static func latencies(_ count: Int, scale: Double = 1, _ random: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in
            let u1 = max(Double(random.next() >> 11) / Double(1 << 53), .leastNonzeroMagnitude)
            let u2 = Double(random.next() >> 11) / Double(1 << 53)
            let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            return 50 * scale * exp(0.1 * z)
        }
    }

    /// The judgements of 100 seeded trials of `count` samples a side, the candidate scaled
    /// by `scale`, against a limit of `tolerance` of the baseline's median.
    static func trials(scale: Double, tolerance: Double, count: Int = 100)
        -> [MedianShift.Judgement]
    {
        (0..<100).map { trial in
            var random = SplitMix64(seed: 0x6A7E_0000 + UInt64(trial))
            let baseline = latencies(count, &random)
            let candidate = latencies(count, scale: scale, &random)
            guard let shift = MedianShift(baseline: baseline, candidate: candidate) else {
                return .withinNoise
            }
            return shift.judge(limit: tolerance * shift.baselineMedian)
        }
    }

    @Test func twoSamplesOfOneDistributionAreNoRegressionInAtLeast99Of100Trials() {
        // No tolerance at all: any shift the interval is sure of would count.
        let judged = Self.trials(scale: 1, tolerance: 0)
        #expect(judged.filter { $0 == .regression }.count <= 1)
        #expect(judged.filter { $0 == .improvement }.count <= 1)
    }

    @Test func aShiftOf20PercentIsARegressionBeyond10PercentInAtLeast99Of100Trials() {
        let judged = Self.trials(scale: 1.2, tolerance: 0.10)
        #expect(judged.filter { $0 == .regression }.count >= 99)
    }

    @Test func aShiftWithinTheToleranceIsNoRegression() {
        let judged = Self.trials(scale: 1.05, tolerance: 0.10)
        #expect(judged.allSatisfy { $0 != .regression })
    }

    @Test func tooFewSamplesAreNotJudged() {
        #expect(MedianShift(baseline: [1, 2, 3], candidate: [1, 2, 3]) == nil)
        let eight = (1...8).map(Double.init)
        #expect(MedianShift(baseline: eight, candidate: eight + [.nan]) == nil)
        #expect(MedianShift(baseline: eight, candidate: eight) != nil)
    }

    @Test func theEstimateIsTheMedianOfThePairwiseDifferences() throws {
        let baseline = (1...9).map(Double.init)
        let shift = try #require(
            MedianShift(baseline: baseline, candidate: baseline.map { $0 + 10 }))
        #expect(shift.estimate == 10)
        #expect(shift.interval.contains(10))
        #expect(shift.baselineMedian == 5)
    }

    @Test func theNormalQuantileIsRight() {
        #expect(abs(MedianShift.normalQuantile(0.975) - 1.959964) < 1e-5)
        #expect(abs(MedianShift.normalQuantile(0.995) - 2.575829) < 1e-5)
        #expect(abs(MedianShift.normalQuantile(0.5)) < 1e-12)
    }
}
