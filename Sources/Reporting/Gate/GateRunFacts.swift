import Conformance

/// What the gate shows of each run beside its cases, so that a reader of the table sees
/// what was compared: the DUT as it introduced itself, the nfcrig build, the profile, the
/// catalogue, the outcome.
public struct GateRunFacts: Sendable, Hashable {
    /// The run's ID.
    public var runID: String
    /// The DUT's `hello`.
    public var dut: DUTIdentity
    /// The nfcrig build that ran.
    public var nfcrig: Report.BuildInfo
    /// The profile; nil in reports written before profiles.
    public var profile: String?
    /// The case catalogue; nil in reports of schema 1.
    public var catalogue: CatalogueFingerprint?
    /// What the run earned.
    public var outcome: RunOutcome
    /// The operations the DUT did not offer.
    public var notOffered: [NotOfferedOperation]

    /// The facts of a report.
    public init(_ report: Report) {
        runID = report.runID
        dut = report.dut
        nfcrig = report.nfcrig
        profile = report.judgedProfiles
        catalogue = report.catalogue
        outcome = report.outcome
        notOffered = report.summary.notOffered
    }
}
