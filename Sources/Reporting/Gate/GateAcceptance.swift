/// One entry of `nfcrig gate --accept` or `--accept-file`: lost coverage the candidate may
/// have on purpose. `CASE-ID` accepts all of a case's lost coverage (it skips now, it is
/// missing, its metrics are gone); `CASE-ID:metric` accepts only that metric's loss, under
/// any of its conditions.
public struct GateAcceptance: Sendable, Hashable {
    /// The case's ID.
    public var caseID: String
    /// The metric, or nil for the whole case.
    public var metric: String?
    /// Where the entry was given, for warnings: `--accept` or `accept.txt:3`.
    public var source: String

    /// Creates an entry.
    public init(caseID: String, metric: String? = nil, source: String = "--accept") {
        self.caseID = caseID
        self.metric = metric
        self.source = source
    }

    /// The entry as written: `CASE-ID` or `CASE-ID:metric`.
    public var text: String { caseID + (metric.map { ":" + $0 } ?? "") }

    /// Whether the entry accepts `change` (lost coverage only).
    public func accepts(_ change: GateChange) -> Bool {
        guard change.caseID == caseID, change.assessment == .lostCoverage else { return false }
        guard let metric else { return true }
        if case .metricMissing(metric, _) = change.kind { return true }
        return false
    }
}
