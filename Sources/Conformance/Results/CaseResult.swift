import Rig

/// One case's outcome over all its repetitions, with every latency sample it kept.
public struct CaseResult: Sendable, Hashable {
    /// A stable ID such as `NDEF-R-001`.
    public var id: String
    /// The suite it belongs to, such as `ndef-read`.
    public var suite: String
    /// One line saying what the case checks.
    public var title: String
    /// The profile the case was judged under (the rig gives each suite one).
    public var profile: ReaderProfile
    /// The verdict.
    public var verdict: Verdict
    /// Why, in one line (always set for fail and error; may quote DUT output).
    public var message: String
    /// Latency samples per metric, in the order the case first recorded them.
    public var measurements: [MeasurementSeries]
    /// Events on the RF side and from the DUT, for timeline plots.
    public var timeline: [TimelineEvent]
    /// How long the case took (simulated time on a virtual rig).
    public var duration: Duration
    /// The traces of the repetition that decided the verdict, when the run's `TraceMode`
    /// keeps them.
    public var trace: CaseTrace?
    /// What the case expected of the reader under its profile, where the case states
    /// it per profile (`ProfileExpectations`).
    public var expected: String?
    /// For a case skipped because the DUT answered `unsupported`: the operation it did not
    /// offer (`scan`, `read`, ...).
    public var unsupportedOperation: String?
    /// The behaviours of the DUT's adapter (declared in its hello) that decide this case:
    /// its verdict judges the adapter, not the reader stack.
    public var adapterDecides: [AdapterBehaviour]
    /// The requests the case sent the DUT in its first repetition, by their names in the
    /// DUT protocol (`scan`, `read`, ...), in order.
    public var requests: [String]

    /// Creates a result.
    public init(
        id: String, suite: String, title: String, profile: ReaderProfile = .nfcForum,
        verdict: Verdict, message: String = "",
        measurements: [MeasurementSeries] = [], timeline: [TimelineEvent] = [],
        duration: Duration = .zero, trace: CaseTrace? = nil, expected: String? = nil,
        unsupportedOperation: String? = nil, adapterDecides: [AdapterBehaviour] = [],
        requests: [String] = []
    ) {
        self.requests = requests
        self.adapterDecides = adapterDecides
        self.unsupportedOperation = unsupportedOperation
        self.profile = profile
        self.trace = trace
        self.expected = expected
        self.id = id
        self.suite = suite
        self.title = title
        self.verdict = verdict
        self.message = message
        self.measurements = measurements
        self.timeline = timeline
        self.duration = duration
    }
}

/// Every sample of one latency metric (e.g. `timeToDetect`, `readTime.1KiB`, `apduTime`,
/// `writeTime`, `restartInterval`).
public struct MeasurementSeries: Sendable, Hashable {
    /// The metric's stable name.
    public var name: String
    /// The samples, in the order taken.
    public var samples: [Duration]
    /// What every sample measured under; nil when the case recorded none (a multi-tag scan).
    /// A case that measures one metric under several conditions keeps one series for each.
    public var conditions: MeasurementConditions?

    /// Creates a series.
    public init(
        name: String, samples: [Duration] = [], conditions: MeasurementConditions? = nil
    ) {
        self.name = name
        self.samples = samples
        self.conditions = conditions
    }
}

/// Something that happened at a moment of a case: seen on the RF side (emulator event log)
/// or reported by the DUT.
public struct TimelineEvent: Sendable, Hashable {
    /// Where the event was observed.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The emulators' RF side: what the harness saw, which a DUT cannot fake.
        case rf
        /// What the DUT said.
        case dut
    }

    /// Time since the case started.
    public var at: Duration
    /// Where it was seen.
    public var source: Source
    /// What happened: `poll`, `multipleTags`, `restartPolling`, `activation`, `fieldOff`...
    public var kind: String
    /// Detail for people (which tag, which APDU).
    public var detail: String

    /// Creates an event.
    public init(at: Duration, source: Source, kind: String, detail: String = "") {
        self.at = at
        self.source = source
        self.kind = kind
        self.detail = detail
    }
}
