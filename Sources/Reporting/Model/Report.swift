import Conformance
import Foundation

/// A run as `report.json` holds it (schema `nfcrig.report/1`, documented in docs/reports.md).
public struct Report: Sendable, Hashable, Codable {
    /// The schema this version of nfcrig writes and reads.
    public static let currentSchema = "nfcrig.report/1"

    /// The rig a run used.
    public struct RigInfo: Sendable, Hashable, Codable {
        /// The rig's name.
        public var name: String
        /// The rig file as given.
        public var file: String
        /// `virtual` or `wall`.
        public var clock: String
        /// The profile the reader was judged by; absent in reports written before profiles.
        public var profile: String?

        /// Creates rig information.
        public init(name: String, file: String, clock: String, profile: String? = nil) {
            self.name = name
            self.file = file
            self.clock = clock
            self.profile = profile
        }
    }

    /// The nfcrig build that ran.
    public struct BuildInfo: Sendable, Hashable, Codable {
        /// nfcrig's version.
        public var version: String
        /// The git commit, when known.
        public var commit: String?

        /// Creates build information.
        public init(version: String, commit: String?) {
            self.version = version
            self.commit = commit
        }

        private enum CodingKeys: String, CodingKey { case version, commit }

        /// Writes `commit` as `null` when unknown, so that the key is always there.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(commit, forKey: .commit)
        }
    }

    /// How many cases came out which way.
    public struct Summary: Sendable, Hashable, Codable {
        /// The worst verdict (pass for an empty run).
        public var verdict: Verdict
        /// Every case.
        public var total: Int
        /// Cases that passed.
        public var pass: Int
        /// Cases that failed.
        public var fail: Int
        /// Cases that could not be judged.
        public var error: Int
        /// Cases that did not apply.
        public var skip: Int

        /// Counts the verdicts of some cases.
        public init(_ cases: [CaseReport]) {
            func count(_ verdict: Verdict) -> Int { cases.count { $0.verdict == verdict } }
            self.verdict = cases.map(\.verdict).max { $0.severity < $1.severity } ?? .pass
            self.total = cases.count
            self.pass = count(.pass)
            self.fail = count(.fail)
            self.error = count(.error)
            self.skip = count(.skip)
        }
    }

    /// Always ``currentSchema`` for a report this version made or accepted.
    public var schema: String
    /// The run's unique name, also its folder under `Reports/`.
    public var runID: String
    /// The rig.
    public var rig: RigInfo
    /// The DUT as it introduced itself.
    public var dut: DUTIdentity
    /// The nfcrig build.
    public var nfcrig: BuildInfo
    /// When the run started, to the second (written in UTC, ISO 8601).
    public var startedAt: Date
    /// Verdict counts.
    public var summary: Summary
    /// The cases, in run order.
    public var cases: [CaseReport]
    /// What the run's report states beside its verdicts (whose behaviour a suite judges);
    /// absent in reports written before notes, read as none.
    public var notes: [String]

    /// Creates a report from its parts; the summary is counted from the cases.
    public init(
        runID: String, rig: RigInfo, dut: DUTIdentity, nfcrig: BuildInfo, startedAt: Date,
        cases: [CaseReport], notes: [String] = []
    ) {
        self.notes = notes
        self.schema = Self.currentSchema
        self.runID = runID
        self.rig = rig
        self.dut = dut
        self.nfcrig = nfcrig
        // JSON keeps whole seconds; truncating here makes a written report read back equal.
        self.startedAt = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        self.summary = Summary(cases)
        self.cases = cases
    }

    /// Summarises a run.
    public init(_ run: RunResult) {
        self.init(
            runID: run.runID,
            rig: RigInfo(
                name: run.rigName, file: run.rigFile, clock: run.clock, profile: run.profile),
            dut: run.dut, nfcrig: BuildInfo(version: run.nfcrigVersion, commit: run.commit),
            startedAt: run.startedAt, cases: run.cases.map(CaseReport.init), notes: run.notes)
    }

    private enum CodingKeys: String, CodingKey {
        case schema, runID, rig, dut, nfcrig, startedAt, summary, cases, notes
    }

    /// Reads a report; `notes` may be absent (reports from before notes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(String.self, forKey: .schema)
        runID = try container.decode(String.self, forKey: .runID)
        rig = try container.decode(RigInfo.self, forKey: .rig)
        dut = try container.decode(DUTIdentity.self, forKey: .dut)
        nfcrig = try container.decode(BuildInfo.self, forKey: .nfcrig)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        summary = try container.decode(Summary.self, forKey: .summary)
        cases = try container.decode([CaseReport].self, forKey: .cases)
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }
}
