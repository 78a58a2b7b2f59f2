/// How a conformance case came out.
public enum Verdict: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every repetition met the case's rule.
    case pass
    /// The DUT broke the rule (the case can say how).
    case fail
    /// The case could not be judged: the DUT or the harness misbehaved (bad JSON line,
    /// timeout, early exit). The run goes on.
    case error
    /// The case does not apply to this rig or DUT.
    case skip

    /// Worse verdicts rank higher: a run's verdict is its worst case's.
    public var severity: Int {
        switch self {
        case .pass: 0
        case .skip: 1
        case .fail: 2
        case .error: 3
        }
    }
}
