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
        /// A metric's samples differ: its median's shift, judged or not.
        case latency(LatencyComparison)
        /// The metric has samples in the baseline but none in the candidate; with
        /// `conditions`, only its series measured under them (the metric's other series
        /// are still there).
        case metricMissing(metric: String, conditions: MeasurementConditions? = nil)
        /// The metric has samples only in the candidate; with `conditions`, only its series
        /// measured under them.
        case metricAdded(metric: String, conditions: MeasurementConditions? = nil)
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
