import Conformance

/// One difference between a baseline and a candidate report.
public struct GateChange: Sendable, Hashable {
    /// What changed.
    public enum Kind: Sendable, Hashable {
        /// The case's verdict changed.
        case verdict(baseline: Verdict, candidate: Verdict)
        /// The case is in the baseline but not in the candidate.
        case caseMissing(baseline: Verdict)
        /// The case is new in the candidate.
        case caseAdded(candidate: Verdict)
        /// A percentile of a metric moved.
        case latency(LatencyChange)
        /// The metric has samples in the baseline but none in the candidate.
        case metricMissing(metric: String)
        /// The metric has samples only in the candidate.
        case metricAdded(metric: String)
    }

    /// The case's ID.
    public var caseID: String
    /// The case's suite (the candidate's, or the baseline's for a missing case).
    public var suite: String
    /// What changed.
    public var kind: Kind
    /// What it means.
    public var assessment: GateAssessment

    /// Creates a change.
    public init(caseID: String, suite: String, kind: Kind, assessment: GateAssessment) {
        self.caseID = caseID
        self.suite = suite
        self.kind = kind
        self.assessment = assessment
    }
}

/// A p50 or p99 of one metric, before and after.
public struct LatencyChange: Sendable, Hashable {
    /// The metric's name.
    public var metric: String
    /// Which percentile.
    public var percentile: GatePercentile
    /// The baseline's value in milliseconds.
    public var baselineMs: Double
    /// The candidate's value in milliseconds.
    public var candidateMs: Double

    /// Creates a latency change.
    public init(metric: String, percentile: GatePercentile, baselineMs: Double, candidateMs: Double)
    {
        self.metric = metric
        self.percentile = percentile
        self.baselineMs = baselineMs
        self.candidateMs = candidateMs
    }

    /// Candidate minus baseline, in milliseconds (to the microsecond).
    public var deltaMs: Double {
        Double(
            Microseconds.of(milliseconds: candidateMs) - Microseconds.of(milliseconds: baselineMs))
            / 1000
    }

    /// The delta as a fraction of the baseline (`0.25` for 25 % slower); `nil` when the
    /// baseline is zero.
    public var relativeChange: Double? {
        let baseline = Microseconds.of(milliseconds: baselineMs)
        guard baseline > 0 else { return nil }
        return Double(Microseconds.of(milliseconds: candidateMs) - baseline) / Double(baseline)
    }
}
