import Conformance
import SeededRandom
import Testing

@testable import Reporting

/// The gate tells noise from regression on known distributions, judged through
/// `Gate.compare` on fabricated reports with the latency suite's sample counts (100 per
/// metric per run), each claim over 100 seeded trials (issue 35).
@Suite struct GateStatisticsTests {
    /// The gate's assessments of 100 trials; each trial draws a baseline and a candidate
    /// with `draw` from its own seed.
    static func trials(
        tolerance: Double = 0.10, minimumDelta: Duration = .microseconds(500),
        _ draw: (inout SplitMix64) -> (baseline: [Double], candidate: [Double])
    ) -> [GateAssessment] {
        (0..<100).map { trial in
            var random = SplitMix64(seed: 0x3500_0000 + UInt64(trial))
            let (baseline, candidate) = draw(&random)
            return GateSamples.assess(
                baseline, candidate, tolerance: tolerance, minimumDelta: minimumDelta)
                ?? .withinNoise
        }
    }

    static func count(_ assessment: GateAssessment, in trials: [GateAssessment]) -> Int {
        trials.count { $0 == assessment }
    }

    @Test func twoSamplesOfOneDistributionAreNoRegressionInAtLeast99Of100Trials() {
        let judged = Self.trials { random in
            (GateSamples.logNormal(100, &random), GateSamples.logNormal(100, &random))
        }
        #expect(Self.count(.regression, in: judged) <= 1)
        #expect(Self.count(.improvement, in: judged) <= 1)
    }

    @Test func withoutAnyToleranceTwoSamplesOfOneDistributionAreStillNoRegressionIn99Of100() {
        // Limits of zero leave the interval alone to decide: its 99 % confidence is what
        // keeps identical readers from failing the gate.
        let judged = Self.trials(tolerance: 0, minimumDelta: .zero) { random in
            (GateSamples.logNormal(100, &random), GateSamples.logNormal(100, &random))
        }
        #expect(Self.count(.regression, in: judged) <= 1)
    }

    @Test func aShiftOf20PercentIsARegressionInAtLeast99Of100Trials() {
        let judged = Self.trials { random in
            (
                GateSamples.logNormal(100, &random),
                GateSamples.logNormal(100, scale: 1.2, &random)
            )
        }
        #expect(Self.count(.regression, in: judged) >= 99)
    }

    @Test func aShiftOf20PercentFasterIsAnImprovementInAtLeast99Of100Trials() {
        let judged = Self.trials { random in
            (
                GateSamples.logNormal(100, scale: 1.2, &random),
                GateSamples.logNormal(100, &random)
            )
        }
        #expect(Self.count(.improvement, in: judged) >= 99)
    }

    @Test func aShiftWithinTheToleranceIsNeverARegression() {
        let judged = Self.trials { random in
            (
                GateSamples.logNormal(100, &random),
                GateSamples.logNormal(100, scale: 1.05, &random)
            )
        }
        #expect(Self.count(.regression, in: judged) == 0)
    }

    /// A floor plus right-skewed jitter, and in each run one sample fifty times the median:
    /// a USB retry or the host swapping, which a p99 of 100 samples would report.
    static func benchWithOutlier(scale: Double, _ random: inout SplitMix64) -> [Double] {
        var samples = GateSamples.bench(100, scale: scale, &random)
        samples[Int(random.next() % 100)] = 800 * scale
        return samples
    }

    @Test func skewedNoiseWithAHeavyOutlierIsNoRegressionInAtLeast99Of100Trials() {
        let judged = Self.trials { random in
            (
                Self.benchWithOutlier(scale: 1, &random),
                Self.benchWithOutlier(scale: 1, &random)
            )
        }
        #expect(Self.count(.regression, in: judged) <= 1)
    }

    @Test func skewedNoiseWithAHeavyOutlierShifted20PercentIsARegressionIn99Of100Trials() {
        let judged = Self.trials { random in
            (
                Self.benchWithOutlier(scale: 1, &random),
                Self.benchWithOutlier(scale: 1.2, &random)
            )
        }
        #expect(Self.count(.regression, in: judged) >= 99)
    }

    @Test func anOutlierOnlyInTheCandidateIsNoRegression() {
        let judged = Self.trials { random in
            var candidate = GateSamples.bench(100, &random)
            candidate[0] = 800
            return (GateSamples.bench(100, &random), candidate)
        }
        #expect(Self.count(.regression, in: judged) <= 1)
    }
}
