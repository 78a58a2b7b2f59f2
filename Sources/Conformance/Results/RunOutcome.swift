/// What a whole run earned: a pass only when some case was judged and none failed or
/// errored. Skips earn nothing: a run whose every case skipped, or in which a suite judged
/// none of its cases, is not a pass (issue 32, "nothing judged is not a pass").
public enum RunOutcome: Sendable, Hashable {
    /// At least one case was judged, none failed or errored, and every suite of the run
    /// judged at least one case.
    case passed
    /// A case failed (and none errored).
    case failed
    /// A case could not be judged because the DUT or the harness misbehaved.
    case errored
    /// Nothing failed or errored, but these suites judged none of their cases (every case
    /// skipped); every suite of the run when nothing at all was judged, none for an empty
    /// run.
    case nothingJudged(suites: [String])

    /// The outcome of `cases`: errored over failed over nothing judged over passed.
    public init(_ cases: [(suite: String, verdict: Verdict)]) {
        if cases.contains(where: { $0.verdict == .error }) {
            self = .errored
        } else if cases.contains(where: { $0.verdict == .fail }) {
            self = .failed
        } else {
            let unjudged = Self.unjudgedSuites(cases)
            self =
                unjudged.isEmpty && !cases.isEmpty ? .passed : .nothingJudged(suites: unjudged)
        }
    }

    /// The suites of `cases` (in order of first appearance) whose every case skipped.
    public static func unjudgedSuites(_ cases: [(suite: String, verdict: Verdict)]) -> [String] {
        var order: [String] = []
        var judged: Set<String> = []
        for item in cases {
            if !order.contains(item.suite) { order.append(item.suite) }
            if item.verdict != .skip { judged.insert(item.suite) }
        }
        return order.filter { !judged.contains($0) }
    }

    /// The stable name reports use: `passed`, `failed`, `errored`, `nothingJudged`.
    public var name: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .errored: "errored"
        case .nothingJudged: "nothingJudged"
        }
    }

    /// One word or two in capitals: `PASS`, `FAIL`, `ERROR`, `NOTHING JUDGED`.
    public var keyword: String {
        switch self {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .errored: "ERROR"
        case .nothingJudged: "NOTHING JUDGED"
        }
    }

    /// The outcome for people, in capitals as the terminal and the reports show it:
    /// `PASS`, `FAIL`, `ERROR`, `NOTHING JUDGED (suites ...)`.
    public var headline: String {
        switch self {
        case .passed, .failed, .errored: keyword
        case .nothingJudged(let suites) where suites.isEmpty: "NOTHING JUDGED: the run has no case"
        case .nothingJudged(let suites):
            "NOTHING JUDGED: every case of " + (suites.count == 1 ? "suite " : "suites ")
                + suites.joined(separator: ", ") + " skipped"
        }
    }
}
