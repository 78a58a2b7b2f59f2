/// What one change means for the gate.
public enum GateAssessment: String, Sendable, Hashable {
    /// Fails the gate: pass → fail/error, or a metric whose median's shift lies, with its
    /// whole confidence interval, above both the tolerance and the minimum delta.
    case regression
    /// Fails the gate unless accepted (`--accept`): something the baseline judged or
    /// measured that the candidate does not: a case missing, a judged case (pass or fail)
    /// that now skips, a metric measured in the baseline and not in the candidate.
    case lostCoverage
    /// Lost coverage that an accept entry names: listed, does not fail the gate.
    case accepted
    /// Better: fail/error → pass, or a median's shift whose whole interval lies below both
    /// limits' negatives.
    case improvement
    /// A metric's samples moved, but the interval of its median's shift reaches inside the
    /// limits: no change the samples can show.
    case withinNoise
    /// A metric's samples moved, but one of the runs has fewer samples than
    /// ``MedianShift/minimumSamples`` (or kept none: reports before schema 4) to judge by.
    /// Listed, never a regression.
    case notEnoughSamples
    /// Worth listing, neither better nor worse: a new case, a metric added, another
    /// verdict change (from skip, fail ↔ error, error → skip).
    case neutral

    /// Whether the change fails the gate.
    public var failsTheGate: Bool { self == .regression || self == .lostCoverage }
}
