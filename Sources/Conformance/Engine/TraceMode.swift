/// Which cases keep a trace file (`nfcrig run --trace`). Every repetition is traced unless
/// the mode is `none`; the mode decides which traces are kept.
public enum TraceMode: String, Sendable, Hashable, CaseIterable {
    /// Failing and erroring cases keep the trace of the repetition that decided it.
    case failing
    /// Every case keeps one: the repetition that decided its verdict (the last when all
    /// passed alike).
    case all
    /// Nothing is traced.
    case none

    /// Whether a case that came out `verdict` keeps its trace.
    public func keeps(_ verdict: Verdict) -> Bool {
        switch self {
        case .all: true
        case .failing: verdict == .fail || verdict == .error
        case .none: false
        }
    }
}
