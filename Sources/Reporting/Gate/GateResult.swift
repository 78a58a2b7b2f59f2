/// What the gate found: every change, the limits and confidence it judged latencies by, what it shows of
/// each run, and its warnings.
public struct GateResult: Sendable, Hashable {
    /// Whether the candidate may go ahead.
    public enum Outcome: String, Sendable, Hashable {
        /// No regression and no lost coverage that was not accepted (there may be changes).
        case passed
        /// At least one regression or lost coverage not accepted.
        case regressed
    }

    /// The baseline run.
    public var baseline: GateRunFacts
    /// The candidate run.
    public var candidate: GateRunFacts
    /// The relative growth allowed, as a fraction (`0.1` for 10 %).
    public var tolerance: Double
    /// The absolute growth allowed.
    public var minimumDelta: Duration
    /// The two-sided confidence of each median shift's interval (`0.99`).
    public var confidence: Double
    /// Every change, in baseline case order, then the new cases in candidate order.
    public var changes: [GateChange]
    /// What the gate could not check or was told to allow, and accept entries that accepted
    /// nothing; one sentence each.
    public var warnings: [String]

    /// Creates a result.
    public init(
        baseline: GateRunFacts, candidate: GateRunFacts, tolerance: Double,
        minimumDelta: Duration, confidence: Double = 0.99, changes: [GateChange],
        warnings: [String] = []
    ) {
        self.confidence = confidence
        self.baseline = baseline
        self.candidate = candidate
        self.tolerance = tolerance
        self.minimumDelta = minimumDelta
        self.changes = changes
        self.warnings = warnings
    }

    /// The baseline's run ID.
    public var baselineRunID: String { baseline.runID }
    /// The candidate's run ID.
    public var candidateRunID: String { candidate.runID }

    /// The changes that fail the gate: regressions and lost coverage not accepted.
    public var regressions: [GateChange] { changes.filter(\.assessment.failsTheGate) }

    /// Regressed when any change fails the gate.
    public var outcome: Outcome { regressions.isEmpty ? .passed : .regressed }
}
