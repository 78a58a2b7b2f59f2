/// What the gate found: every change and the limits it judged latencies by.
public struct GateResult: Sendable, Hashable {
    /// Whether the candidate may go ahead.
    public enum Outcome: String, Sendable, Hashable {
        /// No regression (there may be changes).
        case passed
        /// At least one regression.
        case regressed
    }

    /// The baseline's run ID.
    public var baselineRunID: String
    /// The candidate's run ID.
    public var candidateRunID: String
    /// The relative growth allowed, as a fraction (`0.1` for 10 %).
    public var tolerance: Double
    /// The absolute growth allowed.
    public var minimumDelta: Duration
    /// Every change, in baseline case order, then the new cases in candidate order.
    public var changes: [GateChange]

    /// Creates a result.
    public init(
        baselineRunID: String, candidateRunID: String, tolerance: Double, minimumDelta: Duration,
        changes: [GateChange]
    ) {
        self.baselineRunID = baselineRunID
        self.candidateRunID = candidateRunID
        self.tolerance = tolerance
        self.minimumDelta = minimumDelta
        self.changes = changes
    }

    /// The changes that fail the gate.
    public var regressions: [GateChange] { changes.filter { $0.assessment == .regression } }

    /// Regressed when any change is a regression.
    public var outcome: Outcome { regressions.isEmpty ? .passed : .regressed }
}
