import Foundation
import Rig

/// A whole conformance run: which rig, which DUT, which nfcrig, when, and every case.
public struct RunResult: Sendable, Hashable {
    /// A unique name for the run, used as its report folder (`Reports/<runID>/`).
    public var runID: String
    /// The rig's name and the file it came from.
    public var rigName: String
    /// The rig file path as given.
    public var rigFile: String
    /// `virtual` or `wall`.
    public var clock: String
    /// The profile the reader was judged by (`nfc-forum`, `iso14443`, `corenfc`).
    public var profile: String
    /// The DUT as it introduced itself.
    public var dut: DUTIdentity
    /// nfcrig's version.
    public var nfcrigVersion: String
    /// The git commit nfcrig was built from, when known (compiled in at build time, never
    /// the working directory's).
    public var commit: String?
    /// Whether nfcrig was built from a checkout with uncommitted changes; nil when unknown.
    public var treeDirty: Bool?
    /// The case catalogue the run's cases come from; nil when unknown.
    public var catalogue: CatalogueFingerprint?
    /// When the run started (wall clock).
    public var startedAt: Date
    /// The cases, in run order.
    public var cases: [CaseResult]
    /// What the report states about the run beside its verdicts (`RunNotes`).
    public var notes: [String]
    /// The window the rig's tolerances accept a restart-polling interval in; nil when the
    /// run was not made from a rig file.
    public var restartPollingWindow: ClosedRange<Duration>?

    /// Creates a run result.
    public init(
        runID: String, rigName: String, rigFile: String, clock: String, dut: DUTIdentity,
        nfcrigVersion: String, commit: String?, startedAt: Date, cases: [CaseResult],
        profile: String = "nfc-forum", notes: [String] = [], treeDirty: Bool? = nil,
        catalogue: CatalogueFingerprint? = nil,
        restartPollingWindow: ClosedRange<Duration>? = nil
    ) {
        self.restartPollingWindow = restartPollingWindow
        self.treeDirty = treeDirty
        self.catalogue = catalogue
        self.notes = notes
        self.profile = profile
        self.runID = runID
        self.rigName = rigName
        self.rigFile = rigFile
        self.clock = clock
        self.dut = dut
        self.nfcrigVersion = nfcrigVersion
        self.commit = commit
        self.startedAt = startedAt
        self.cases = cases
    }

    /// The worst verdict of any case (pass for an empty run); what the run earned is
    /// ``outcome``.
    public var overallVerdict: Verdict {
        cases.map(\.verdict).max { $0.severity < $1.severity } ?? .pass
    }

    /// What the run earned: a pass only when a case was judged and none failed or errored,
    /// and every suite judged one.
    public var outcome: RunOutcome { RunOutcome(cases.map { ($0.suite, $0.verdict) }) }

    /// The suites whose every case skipped, in run order.
    public var unjudgedSuites: [String] {
        RunOutcome.unjudgedSuites(cases.map { ($0.suite, $0.verdict) })
    }

    /// The operations the DUT answered `unsupported` for, each with how many cases it made
    /// skip, in order of first appearance.
    public var notOffered: [NotOfferedOperation] {
        NotOfferedOperation.tally(cases.compactMap(\.unsupportedOperation))
    }
}

/// The device under test as it introduced itself (defined with the DUT protocol in `Rig`).
public typealias DUTIdentity = Rig.DUTIdentity
