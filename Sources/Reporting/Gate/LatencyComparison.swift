import Conformance

/// One metric of one case in both runs: the shift of its median with a confidence interval
/// when both runs have enough samples, and what the gate made of it.
public struct LatencyComparison: Sendable, Hashable {
    /// The metric's name (a series name such as `readTime.<1KiB`).
    public var metric: String
    /// What the compared series measured under, when the metric's series differ in their
    /// conditions (a read at each bit rate) and are compared one by one; nil when the
    /// metric is compared whole.
    public var conditions: MeasurementConditions?
    /// The baseline's samples.
    public var baseline: LatencySamples
    /// The candidate's samples.
    public var candidate: LatencySamples
    /// The shift of the median in microseconds (positive: slower); nil when either run has
    /// fewer than ``MedianShift/minimumSamples`` samples or kept none.
    public var shift: MedianShift?

    /// Creates a comparison.
    public init(
        metric: String, conditions: MeasurementConditions? = nil, baseline: LatencySamples,
        candidate: LatencySamples, shift: MedianShift?
    ) {
        self.metric = metric
        self.conditions = conditions
        self.baseline = baseline
        self.candidate = candidate
        self.shift = shift
    }

    /// The estimated shift of the median in milliseconds, and its interval; nil when not
    /// enough samples.
    public var shiftMs: (estimate: Double, interval: ClosedRange<Double>)? {
        shift.map {
            (
                $0.estimate / 1000,
                ($0.interval.lowerBound / 1000)...($0.interval.upperBound / 1000)
            )
        }
    }

    /// The shift and its interval as fractions of the baseline's median (`0.2` for 20 %
    /// slower); nil when not enough samples or the baseline's median is 0.
    public var relativeShift: (estimate: Double, interval: ClosedRange<Double>)? {
        guard let shift, shift.baselineMedian > 0 else { return nil }
        let median = shift.baselineMedian
        return (
            shift.estimate / median,
            (shift.interval.lowerBound / median)...(shift.interval.upperBound / median)
        )
    }

    /// The candidate's median minus the baseline's, in milliseconds: what the table shows
    /// when the samples are too few for an interval.
    public var medianDeltaMs: Double {
        (candidate.medianMicroseconds - baseline.medianMicroseconds) / 1000
    }

    /// ``medianDeltaMs`` as a fraction of the baseline's median; nil when that is 0.
    public var relativeMedianDelta: Double? {
        let median = baseline.medianMicroseconds
        return median > 0 ? (candidate.medianMicroseconds - median) / median : nil
    }
}
