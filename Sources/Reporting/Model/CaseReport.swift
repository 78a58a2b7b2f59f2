import Conformance
import Rig

/// One case as `report.json` keeps it: identity, verdict, message and summarised latencies.
public struct CaseReport: Sendable, Hashable, Codable {
    /// The stable case ID, such as `NDEF-R-001`.
    public var id: String
    /// The suite it belongs to.
    public var suite: String
    /// What the case checks.
    public var title: String
    /// The profile the case was judged under; absent in reports of schema 1 and 2, whose
    /// cases were all judged under the run's.
    public var profile: String?
    /// How it came out.
    public var verdict: Verdict
    /// Why, in one line; empty for most passes. May quote the DUT.
    public var message: String
    /// How long the case took, in milliseconds to the microsecond.
    public var durationMs: Double
    /// Each metric that has samples, by name.
    public var measurements: [String: MeasurementSummary]
    /// Every sample of every series, with what it measured under; absent in reports before
    /// schema 4, which kept only the summaries.
    public var series: [LatencySeries]?
    /// The case's trace file, relative to the run's folder (`traces/<id>.pcapng`); absent
    /// when the case kept none.
    public var trace: String?
    /// What the case expected of the reader under the run's profile, where it states that
    /// per profile; absent otherwise.
    public var expected: String?
    /// For a case skipped because the DUT answered `unsupported`: the operation it did not
    /// offer; absent otherwise.
    public var unsupportedOperation: String?
    /// The behaviours of the DUT's adapter that decide the case (its verdict judges the
    /// adapter, not the reader stack); absent when none.
    public var adapterDecides: [String]?

    /// Creates a case report.
    public init(
        id: String, suite: String, title: String, profile: String? = nil, verdict: Verdict,
        message: String = "", durationMs: Double = 0,
        measurements: [String: MeasurementSummary] = [:], series: [LatencySeries]? = nil,
        trace: String? = nil, expected: String? = nil, unsupportedOperation: String? = nil,
        adapterDecides: [String]? = nil
    ) {
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
        self.durationMs = durationMs
        self.measurements = measurements
        self.series = series
    }

    /// Summarises a case result; series without samples are left out.
    public init(_ result: CaseResult) {
        let measurements = result.samplesByMetric.compactMapValues(
            MeasurementSummary.init(samples:))
        self.init(
            id: result.id, suite: result.suite, title: result.title,
            profile: result.profile.rawValue, verdict: result.verdict,
            message: result.message,
            durationMs: Microseconds.milliseconds(Microseconds.of(result.duration)),
            measurements: measurements,
            series: result.measurements.filter { !$0.samples.isEmpty }.map(LatencySeries.init),
            trace: result.trace.map { _ in TraceFiles.path(for: result.id) },
            expected: result.expected, unsupportedOperation: result.unsupportedOperation,
            adapterDecides: result.adapterDecides.isEmpty
                ? nil : result.adapterDecides.map(\.rawValue))
    }

    /// Every sample of the metric `name` (all its series, in order), in whole microseconds;
    /// nil when the report kept no samples (before schema 4).
    public func samplesMicroseconds(of name: String) -> [Int64]? {
        guard let series else { return nil }
        return series.filter { $0.name == name }.flatMap(\.samplesMicroseconds)
    }

    /// The metric names, sorted: the order every writer lists them in.
    public var metricNames: [String] { measurements.keys.sorted() }
}
