/// What one change means for the gate.
public enum GateAssessment: String, Sendable, Hashable {
    /// Fails the gate: pass → fail/error, a case missing, or a p50/p99 grown beyond both
    /// the tolerance and the minimum delta.
    case regression
    /// Better: fail/error → pass, or a p50/p99 shrunk beyond both limits.
    case improvement
    /// A latency moved, but not beyond both limits.
    case withinTolerance
    /// Worth listing, neither better nor worse: a new case, a metric added or gone, a
    /// verdict change that involves skip or is fail ↔ error.
    case neutral
}
