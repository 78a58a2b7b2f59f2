import Rig

/// One conformance case: a stable ID, what it checks, and how to run one repetition of it.
public struct ConformanceCase: Sendable {
    /// A stable ID, e.g. `NDEF-R-001`; reports and the gate key on it.
    public var id: String
    /// The suite, e.g. `ndef-read`.
    public var suite: String
    /// One line saying what is checked.
    public var title: String
    /// The rule the case checks and where it is written: the specification and section, the
    /// platform documentation or nfcrig's own rule (DESIGN), and the stack bug it stands for,
    /// e.g. `NFC Forum T4T 2.0 §5.4.2: the NDEF Tag Application Select C-APDU carries Le 00
    /// (nfcpy/nfcpy#168)`. The catalogue (`nfcrig suites`) shows it beside the title.
    public var rule: String
    /// The setup (tag type, content, state), for reports.
    public var setup: String
    /// What the case expects under each profile it judges; nil when it expects the same of
    /// every reader, said by its title. Under a profile without an expectation the case is
    /// skipped; the body reads `context.profile` where the expectations differ.
    public var expectations: ProfileExpectations?
    /// Whether the case's tag answers after the reader's waiting time on purpose: its late
    /// answers are the case's subject, not the bench's slowness (see
    /// `ConformanceRunner.harnessRetries`).
    public var answersLateOnPurpose = false
    /// How many repetitions the case needs at least when the run does not say exactly
    /// (`--repeat`): the sample count its percentiles need (the `latency` suite's). A rig
    /// file's `repeat:` can raise it, not lower it; nil leaves the rig file's count.
    public var defaultRepeat: Int?
    /// The profiles whose rules the case checks.
    public var profiles: Set<ReaderProfile> {
        expectations?.profiles ?? Set(ReaderProfile.allCases)
    }

    /// What the case expects under `profile`; nil when its title says it for every profile
    /// or it does not judge that profile.
    public func expected(under profile: ReaderProfile) -> String? {
        expectations?.expected[profile]
    }

    /// Runs one repetition and judges it.
    public var body: @Sendable (CaseContext) async -> RepetitionOutcome

    /// What the case expects of every reader its suite's profiles judge, in full (what must
    /// be reported and what the air must show), where its title only names it; nil for a
    /// case with `expectations` of its own. `ConformanceSuite.judgedCases` turns it into
    /// the expectation under each of the suite's profiles.
    public var expectation: String?

    /// Creates a case.
    public init(
        id: String, suite: String, title: String, rule: String, setup: String,
        expectations: ProfileExpectations? = nil, expectation: String? = nil,
        body: @escaping @Sendable (CaseContext) async -> RepetitionOutcome
    ) {
        self.expectation = expectation
        self.expectations = expectations
        self.id = id
        self.suite = suite
        self.title = title
        self.rule = rule
        self.setup = setup
        self.body = body
    }
}

/// How one repetition came out.
public struct RepetitionOutcome: Sendable, Hashable {
    /// The verdict.
    public var verdict: Verdict
    /// Why (required for fail and error).
    public var message: String
    /// When, on the rig's clock, the frame the verdict rests on was seen, where the case
    /// knows it (the offending write, the late activation): the report marks that frame in
    /// the trace.
    public var evidenceAt: Duration?
    /// For a skip because the DUT answered `unsupported`: the operation it did not offer
    /// (`scan`, `read`, `write`, `select`, `apdu`...), so that the report can say which
    /// operations made cases skip.
    public var unsupportedOperation: String?

    /// Creates an outcome.
    public init(
        _ verdict: Verdict, _ message: String = "", evidenceAt: Duration? = nil,
        unsupportedOperation: String? = nil
    ) {
        self.verdict = verdict
        self.message = message
        self.evidenceAt = evidenceAt
        self.unsupportedOperation = unsupportedOperation
    }

    /// The same outcome with the time of its evidence.
    public func evidenced(at time: Duration?) -> RepetitionOutcome {
        var outcome = self
        outcome.evidenceAt = time
        return outcome
    }

    /// The same outcome with `prefix` before its message (which tag, which step).
    public func prefixed(_ prefix: String) -> RepetitionOutcome {
        var outcome = self
        outcome.message = prefix + outcome.message
        return outcome
    }

    /// A pass.
    public static let pass = RepetitionOutcome(.pass)

    /// A failure with its reason.
    public static func fail(_ message: String) -> RepetitionOutcome { .init(.fail, message) }

    /// An error (DUT or harness misbehaved) with its reason.
    public static func error(_ message: String) -> RepetitionOutcome { .init(.error, message) }

    /// Not applicable, with why.
    public static func skip(_ message: String) -> RepetitionOutcome { .init(.skip, message) }

    /// A skip because the DUT does not offer `operation`.
    public static func unsupported(_ operation: String, _ message: String) -> RepetitionOutcome {
        .init(.skip, message, unsupportedOperation: operation)
    }
}
