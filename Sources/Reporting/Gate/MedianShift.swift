import Foundation

/// How far a candidate's latencies moved from a baseline's, with the noise of both taken
/// into account: the Hodges–Lehmann estimate of the shift (the median of every candidate −
/// baseline difference) and its distribution-free confidence interval from the Mann–Whitney
/// statistic's normal approximation (Hollander & Wolfe, Nonparametric Statistical Methods,
/// §4.3), the rank-based view Google Benchmark's compare.py also takes. A change is a
/// regression only when the whole interval lies beyond the gate's limit, so that two runs of
/// one reader on a noisy bench do not flap.
public struct MedianShift: Sendable, Hashable {
    /// The estimated shift, in the samples' unit (positive: the candidate is slower).
    public var estimate: Double
    /// The interval that holds the true shift with the chosen confidence.
    public var interval: ClosedRange<Double>
    /// The baseline's median, which a relative tolerance is taken of.
    public var baselineMedian: Double

    /// What the interval says of a change against `limit` (the larger of the tolerance's
    /// share of the baseline median and the minimum delta, in the samples' unit).
    public enum Judgement: Sendable, Hashable {
        /// The whole interval lies above `limit`: slower, whatever the noise.
        case regression
        /// The whole interval lies below `-limit`: faster, whatever the noise.
        case improvement
        /// The interval reaches inside the limit: no change the samples can show.
        case withinNoise
    }

    /// The fewest samples per run the normal approximation is trusted with.
    public static let minimumSamples = 8

    /// The shift from `baseline` to `candidate` at `confidence` (two-sided, e.g. 0.99); nil
    /// when either run has fewer than `minimumSamples` samples or a sample is not finite:
    /// "not enough samples to judge".
    public init?(baseline: [Double], candidate: [Double], confidence: Double = 0.99) {
        let n = baseline.count
        let m = candidate.count
        guard n >= Self.minimumSamples, m >= Self.minimumSamples,
            (baseline + candidate).allSatisfy(\.isFinite), confidence > 0, confidence < 1
        else { return nil }
        var differences: [Double] = []
        differences.reserveCapacity(n * m)
        for c in candidate {
            for b in baseline { differences.append(c - b) }
        }
        differences.sort()
        estimate = Self.median(differences)
        baselineMedian = Self.median(baseline.sorted())
        // The interval's ends are the K-th smallest and K-th largest differences, K from the
        // Mann–Whitney statistic's mean n·m/2 and variance n·m·(n+m+1)/12 (ties ignored).
        let z = Self.normalQuantile(1 - (1 - confidence) / 2)
        let pairs = Double(n * m)
        let spread = z * (pairs * Double(n + m + 1) / 12).squareRoot()
        let k = max(1, Int((pairs / 2 - spread).rounded(.down)))
        let lower = differences[min(k, differences.count) - 1]
        let upper = differences[max(differences.count - k, 0)]
        interval = min(lower, upper)...max(lower, upper)
    }

    /// The judgement against a shift of `limit` either way.
    public func judge(limit: Double) -> Judgement {
        if interval.lowerBound > limit { return .regression }
        if interval.upperBound < -limit { return .improvement }
        return .withinNoise
    }

    /// The median of sorted, non-empty `values`.
    static func median(_ sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The standard normal distribution's quantile at `p` (0 < p < 1), by Acklam's rational
    /// approximation (relative error below 1.2e-9), enough for an interval's ends.
    static func normalQuantile(_ p: Double) -> Double {
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
            1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
            6.680131188771972e+01, -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
            -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [
            7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
            3.754408661907416e+00,
        ]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low { return -normalQuantile(1 - p) }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
