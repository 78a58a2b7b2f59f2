import Conformance
import Foundation

/// A run as `report.json` holds it (schema `nfcrig.report/4`, documented in docs/reports.md).
public struct Report: Sendable, Hashable, Codable {
    /// The schema this version of nfcrig writes.
    public static let currentSchema = "nfcrig.report/4"
    /// The schema before each case kept its samples: still read, with summaries only.
    public static let thirdSchema = "nfcrig.report/3"
    /// The schema before each case recorded its own profile: still read, every case then
    /// judged under the run's.
    public static let secondSchema = "nfcrig.report/2"
    /// The schema before the run's outcome, the catalogue and the build's `dirty` flag:
    /// still read, those fields then derived from the cases or unknown.
    public static let firstSchema = "nfcrig.report/1"
    /// Every schema this version reads.
    public static let readableSchemas = [currentSchema, thirdSchema, secondSchema, firstSchema]

    /// The profiles the cases were judged under, for people and the gate: the run's, then
    /// each suite judged under another (`nfc-forum; restart-polling: corenfc`); nil when the
    /// report does not say its profile.
    public var judgedProfiles: String? {
        guard let profile = rig.profile else { return nil }
        var others: [String] = []
        for suite in Set(cases.map(\.suite)).sorted() {
            let profiles = Set(cases.filter { $0.suite == suite }.compactMap(\.profile))
            for other in profiles.sorted() where other != profile {
                others.append("\(suite): \(other)")
            }
        }
        return ([profile] + others).joined(separator: "; ")
    }

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
        /// The window the rig's tolerances accept a restart-polling interval in (500 ms ±
        /// 50 ms by default), for the restart intervals' plot; absent in reports before
        /// schema 4 and in reports made without a rig file's tolerances.
        public var restartPollingWindowMs: MillisecondWindow?

        /// Creates rig information.
        public init(
            name: String, file: String, clock: String, profile: String? = nil,
            restartPollingWindowMs: MillisecondWindow? = nil
        ) {
            self.name = name
            self.file = file
            self.clock = clock
            self.profile = profile
            self.restartPollingWindowMs = restartPollingWindowMs
        }
    }

    /// The nfcrig build that ran.
    public struct BuildInfo: Sendable, Hashable, Codable {
        /// nfcrig's version.
        public var version: String
        /// The git commit nfcrig was built from (compiled in), when known.
        public var commit: String?
        /// Whether that checkout had uncommitted changes; nil when unknown (and in reports
        /// of schema 1).
        public var dirty: Bool?

        /// Creates build information.
        public init(version: String, commit: String?, dirty: Bool? = nil) {
            self.version = version
            self.commit = commit
            self.dirty = dirty
        }

        private enum CodingKeys: String, CodingKey { case version, commit, dirty }

        /// Reads build information; `dirty` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(String.self, forKey: .version)
            commit = try container.decodeIfPresent(String.self, forKey: .commit)
            dirty = try container.decodeIfPresent(Bool.self, forKey: .dirty)
        }

        /// Writes `commit` and `dirty` as `null` when unknown, so that the keys are always
        /// there.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(commit, forKey: .commit)
            try container.encode(dirty, forKey: .dirty)
        }

        /// `0.1.0 (commit 528c880…, uncommitted changes)` for people.
        public var description: String {
            version
                + (commit.map {
                    " (commit \($0)" + (dirty == true ? ", with uncommitted changes" : "") + ")"
                } ?? " (commit unknown)")
        }
    }

    /// How many cases came out which way, and what the run earned.
    public struct Summary: Sendable, Hashable, Codable {
        /// What the run earned (``RunOutcome/name``): `passed`, `failed`, `errored` or
        /// `nothingJudged`.
        public var outcome: String
        /// The suites whose every case skipped, in run order.
        public var unjudgedSuites: [String]
        /// The operations the DUT answered `unsupported` for, with how many cases each made
        /// skip.
        public var notOffered: [NotOfferedOperation]
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
            let verdicts = cases.map { ($0.suite, $0.verdict) }
            self.outcome = RunOutcome(verdicts).name
            self.unjudgedSuites = RunOutcome.unjudgedSuites(verdicts)
            self.notOffered = NotOfferedOperation.tally(cases.compactMap(\.unsupportedOperation))
            self.verdict = cases.map(\.verdict).max { $0.severity < $1.severity } ?? .pass
            self.total = cases.count
            self.pass = count(.pass)
            self.fail = count(.fail)
            self.error = count(.error)
            self.skip = count(.skip)
        }

        private enum CodingKeys: String, CodingKey {
            case outcome, unjudgedSuites, notOffered, verdict, total, pass, fail, error, skip
        }

        /// Reads a summary; the outcome and its lists are absent in schema 1 (the report
        /// derives them from its cases).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            outcome = try container.decodeIfPresent(String.self, forKey: .outcome) ?? ""
            if !outcome.isEmpty, !Self.outcomeNames.contains(outcome) {
                throw DecodingError.dataCorruptedError(
                    forKey: .outcome, in: container,
                    debugDescription: "\"\(outcome)\" is not one of "
                        + Self.outcomeNames.joined(separator: ", "))
            }
            unjudgedSuites =
                try container.decodeIfPresent([String].self, forKey: .unjudgedSuites) ?? []
            notOffered =
                try container.decodeIfPresent([NotOfferedOperation].self, forKey: .notOffered)
                ?? []
            verdict = try container.decode(Verdict.self, forKey: .verdict)
            total = try container.decode(Int.self, forKey: .total)
            pass = try container.decode(Int.self, forKey: .pass)
            fail = try container.decode(Int.self, forKey: .fail)
            error = try container.decode(Int.self, forKey: .error)
            skip = try container.decode(Int.self, forKey: .skip)
        }

        private static let outcomeNames = ["passed", "failed", "errored", "nothingJudged"]
    }

    /// The file's schema: ``currentSchema`` for a report this version made, one of
    /// ``readableSchemas`` for one it read.
    public var schema: String
    /// The run's unique name, also its folder under `Reports/`.
    public var runID: String
    /// The rig.
    public var rig: RigInfo
    /// The DUT as it introduced itself.
    public var dut: DUTIdentity
    /// The nfcrig build.
    public var nfcrig: BuildInfo
    /// The case catalogue the run's cases come from; nil when unknown (reports of schema 1).
    public var catalogue: CatalogueFingerprint?
    /// When the run started, to the second (written in UTC, ISO 8601).
    public var startedAt: Date
    /// Verdict counts.
    public var summary: Summary
    /// The cases, in run order.
    public var cases: [CaseReport]
    /// What the run's report states beside its verdicts (whose behaviour a suite judges);
    /// absent in reports written before notes, read as none.
    public var notes: [String]
    /// The run's latency summary: per metric over every case, its figures and what they
    /// mean (``MetricLatency``). Computed from the cases' series when a report is made;
    /// nil for reports of schema 3 and before, whose cases kept only summaries, from which
    /// no run-wide percentile can be derived.
    public var latency: [MetricLatency]?

    /// Creates a report from its parts; the summary is counted from the cases.
    public init(
        runID: String, rig: RigInfo, dut: DUTIdentity, nfcrig: BuildInfo, startedAt: Date,
        cases: [CaseReport], notes: [String] = [], catalogue: CatalogueFingerprint? = nil
    ) {
        self.notes = notes
        self.catalogue = catalogue
        self.schema = Self.currentSchema
        self.runID = runID
        self.rig = rig
        self.dut = dut
        self.nfcrig = nfcrig
        // JSON keeps whole seconds; truncating here makes a written report read back equal.
        self.startedAt = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        self.summary = Summary(cases)
        self.cases = cases
        self.latency = MetricLatency.summarise(cases, clock: rig.clock)
    }

    /// Summarises a run.
    public init(_ run: RunResult) {
        self.init(
            runID: run.runID,
            rig: RigInfo(
                name: run.rigName, file: run.rigFile, clock: run.clock, profile: run.profile,
                restartPollingWindowMs: run.restartPollingWindow.map(MillisecondWindow.init)),
            dut: run.dut,
            nfcrig: BuildInfo(version: run.nfcrigVersion, commit: run.commit, dirty: run.treeDirty),
            startedAt: run.startedAt, cases: run.cases.map(CaseReport.init), notes: run.notes,
            catalogue: run.catalogue)
    }

    /// What the run earned, from its cases.
    public var outcome: RunOutcome { RunOutcome(cases.map { ($0.suite, $0.verdict) }) }

    private enum CodingKeys: String, CodingKey {
        case schema, runID, rig, dut, nfcrig, catalogue, startedAt, summary, cases, notes
        case latency
    }

    /// Reads a report; `notes` may be absent (reports from before notes), `catalogue` too
    /// (schema 1), whose summary's outcome is then derived from the cases. `latency` may be
    /// absent: a report of schema 4 written before the summary has its cases' series, and
    /// the summary is derived from them; older reports have none, and get none.
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
        catalogue = try container.decodeIfPresent(CatalogueFingerprint.self, forKey: .catalogue)
        latency = try container.decodeIfPresent([MetricLatency].self, forKey: .latency)
        if let latency {
            var seen = Set<LatencyMetric>()
            for (index, entry) in latency.enumerated() where !seen.insert(entry.metric).inserted {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [CodingKeys.latency, JSONIndex(intValue: index)],
                        debugDescription: "metric \(entry.metric.rawValue) is summarised twice"))
            }
        } else {
            latency = MetricLatency.summarise(cases, clock: rig.clock)
        }
        if schema == Self.currentSchema { try Self.checkSamples(of: cases) }
        if summary.outcome.isEmpty {
            let derived = Summary(cases)
            summary.outcome = derived.outcome
            summary.unjudgedSuites = derived.unjudgedSuites
            summary.notOffered = derived.notOffered
        }
    }
}

extension Report {
    /// In a report of the current schema every summarised metric keeps its samples, as
    /// many as its summary counts: a file with its samples stripped or cut would otherwise
    /// leave the gate "not enough samples to judge" and pass it.
    fileprivate static func checkSamples(of cases: [CaseReport]) throws {
        for (index, item) in cases.enumerated() {
            let path: [any CodingKey] = [CodingKeysPath.cases, JSONIndex(intValue: index)]
            for name in item.metricNames {
                let kept = (item.series ?? []).filter { $0.name == name }
                    .reduce(0) { $0 + $1.samplesMs.count }
                let counted = item.measurements[name]?.count ?? 0
                guard kept == counted else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: path + [CodingKeysPath.series],
                            debugDescription: "case \(item.id) summarises \(counted) samples "
                                + "of \(name) but keeps \(kept)"))
                }
            }
            for series in item.series ?? [] where item.measurements[series.name] == nil {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path + [CodingKeysPath.series],
                        debugDescription: "case \(item.id) keeps samples of \(series.name), "
                            + "which it does not summarise"))
            }
        }
    }

    /// The keys of the paths those errors name.
    private enum CodingKeysPath: String, CodingKey {
        case cases, series
    }
}

/// An array index in a coding path, for errors raised after an array was decoded.
private struct JSONIndex: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
