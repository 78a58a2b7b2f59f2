import Conformance
import Foundation
import Reporting
import SeededRandom

/// Cases with every sample kept, as reports of schema 4 hold them, and latencies drawn from
/// known distributions: what the gate's statistics are tested on.
enum GateSamples {
    /// A case whose one metric has `milliseconds` as its samples (rounded to the
    /// microsecond, as reports keep them), summary and series both.
    static func sampledCase(
        _ id: String, verdict: Verdict = .pass, metric: String = "timeToDetect",
        milliseconds: [Double]
    ) -> CaseReport {
        let micros = milliseconds.map { Int64(($0 * 1000).rounded()) }
        return CaseReport(
            id: id, suite: "s", title: id, verdict: verdict,
            measurements: [metric: MeasurementSummary(samples: micros.map { .microseconds($0) })!],
            series: [LatencySeries(name: metric, samplesMs: micros.map { Double($0) / 1000 })])
    }

    /// `count` copies of one value: no noise at all, so the interval is the shift itself.
    static func constant(_ milliseconds: Double, count: Int = 20) -> [Double] {
        Array(repeating: milliseconds, count: count)
    }

    /// A standard normal draw (Box–Muller).
    static func normal(_ random: inout SplitMix64) -> Double {
        let u1 = max(Double(random.next() >> 11) / Double(1 << 53), .leastNonzeroMagnitude)
        let u2 = Double(random.next() >> 11) / Double(1 << 53)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// `count` latencies of a reader on a bench, in ms, times `scale`: a fixed floor (the
    /// air time and the reader's work) plus log-normal, right-skewed jitter (scheduling,
    /// USB), median `jitter`.
    static func bench(
        _ count: Int, floor: Double = 15, jitter: Double = 1, sigma: Double = 0.8,
        scale: Double = 1, _ random: inout SplitMix64
    ) -> [Double] {
        (0..<count).map { _ in scale * (floor + jitter * exp(sigma * normal(&random))) }
    }

    /// `count` latencies of a log-normal distribution around `median` ms with spread `sigma`.
    static func logNormal(
        _ count: Int, median: Double = 20, sigma: Double = 0.1, scale: Double = 1,
        _ random: inout SplitMix64
    ) -> [Double] {
        (0..<count).map { _ in scale * median * exp(sigma * normal(&random)) }
    }

    /// The gate's assessment of one metric of one case measured as `baseline` and
    /// `candidate`, with the gate's default limits unless given.
    static func assess(
        _ baseline: [Double], _ candidate: [Double], tolerance: Double = 0.10,
        minimumDelta: Duration = .microseconds(500)
    ) -> GateAssessment? {
        let result = Gate.compare(
            baseline: SampleRuns.report(id: "A", cases: [sampledCase("C", milliseconds: baseline)]),
            candidate: SampleRuns.report(
                id: "B", cases: [sampledCase("C", milliseconds: candidate)]),
            tolerance: tolerance, minimumDelta: minimumDelta)
        return result.changes.first?.assessment
    }
}

extension GateSamples {
    /// A case whose one metric has a series per entry of `series`, each with its
    /// conditions, and a summary of all their samples together, as reports keep them.
    static func conditionedCase(
        _ id: String, metric: String = "readTime.<1KiB",
        series: [(MeasurementConditions, [Double])]
    ) -> CaseReport {
        let kept = series.map { conditions, milliseconds in
            LatencySeries(
                name: metric, conditions: conditions,
                samplesMs: milliseconds.map { ($0 * 1000).rounded() / 1000 })
        }
        let all = kept.flatMap(\.samplesMicroseconds).map { Duration.microseconds($0) }
        return CaseReport(
            id: id, suite: "s", title: id, verdict: .pass,
            measurements: [metric: MeasurementSummary(samples: all)!], series: kept)
    }
}
