/// What one change means for the gate.
public enum GateAssessment: String, Sendable, Hashable {
    /// Fails the gate: pass → fail/error, or a p50/p99 grown beyond both the tolerance and
    /// the minimum delta.
    case regression
    /// Fails the gate unless accepted (`--accept`): something the baseline judged or
    /// measured that the candidate does not: a case missing, a judged case (pass or fail)
    /// that now skips, a metric measured in the baseline and not in the candidate.
    case lostCoverage
    /// Lost coverage that an accept entry names: listed, does not fail the gate.
    case accepted
    /// Better: fail/error → pass, or a p50/p99 shrunk beyond both limits.
    case improvement
    /// A latency moved, but not beyond both limits.
    case withinTolerance
    /// Worth listing, neither better nor worse: a new case, a metric added, another
    /// verdict change (from skip, fail ↔ error, error → skip).
    case neutral

    /// Whether the change fails the gate.
    public var failsTheGate: Bool { self == .regression || self == .lostCoverage }
}
