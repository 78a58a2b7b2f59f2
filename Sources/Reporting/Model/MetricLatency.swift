import Conformance

/// One metric over the whole run, as the report's latency summary (`$.latency`) keeps it:
/// every sample of every case's series of that metric, summarised, with what the figure
/// means: between which two moments it runs, where those are observed and on which clock.
public struct MetricLatency: Sendable, Hashable, Codable {
    /// The metric.
    public var metric: LatencyMetric
    /// The metric in words (``LatencyMetric/title``).
    public var title: String
    /// Where both ends are observed: on the air or at the DUT's answer.
    public var observedAt: LatencyMetric.ObservationPoint
    /// Between which two moments the metric runs (``LatencyMetric/endpoints``).
    public var endpoints: String
    /// The clock the samples were taken on: the report's `rig.clock`.
    public var clock: String
    /// Count, min, p50, p90, p99 and max over the run.
    public var summary: MeasurementSummary

    /// The clocks a rig may run on.
    public static let clocks = ["virtual", "wall"]

    /// Creates a metric's summary.
    public init(metric: LatencyMetric, clock: String, summary: MeasurementSummary) {
        self.metric = metric
        self.title = metric.title
        self.observedAt = metric.observedAt
        self.endpoints = metric.endpoints
        self.clock = clock
        self.summary = summary
    }

    /// The clock in words: `virtual` is simulated time, `wall` the host's monotonic clock.
    public static func describe(clock: String) -> String {
        switch clock {
        case "virtual": "simulated time on the rig's virtual clock"
        case "wall": "the host's monotonic clock"
        default: "the \(clock) clock"
        }
    }

    /// The run's summary: one entry per metric that has samples, in ``LatencyMetric``'s
    /// order, from every passing case's series (a series whose name no metric claims is left out);
    /// nil when no case kept its samples (reports before schema 4).
    public static func summarise(_ cases: [CaseReport], clock: String) -> [MetricLatency]? {
        guard cases.contains(where: { $0.series != nil }) else { return nil }
        // Only what passing cases measured: a failing case's figure may time work the
        // reader did not do (a write it only claimed), and would sit under the air's floor.
        let series = cases.filter { $0.verdict == .pass }.flatMap { $0.series ?? [] }
        return LatencyMetric.allCases.compactMap { metric in
            let samples = series.filter { $0.metric == metric }
                .flatMap(\.samplesMicroseconds).map { Duration.microseconds($0) }
            return MeasurementSummary(samples: samples).map {
                MetricLatency(metric: metric, clock: clock, summary: $0)
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case metric, title, observedAt, endpoints, clock, summary
    }

    /// Decodes and checks an entry: a known metric and observation point, a known clock, a
    /// valid summary.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .metric)
        guard let metric = LatencyMetric(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .metric, in: container,
                debugDescription: "\"\(name)\" is not one of "
                    + LatencyMetric.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.metric = metric
        title = try container.decode(String.self, forKey: .title)
        let point = try container.decode(String.self, forKey: .observedAt)
        guard let observedAt = LatencyMetric.ObservationPoint(rawValue: point) else {
            throw DecodingError.dataCorruptedError(
                forKey: .observedAt, in: container,
                debugDescription: "\"\(point)\" is not air or dutAnswer")
        }
        self.observedAt = observedAt
        endpoints = try container.decode(String.self, forKey: .endpoints)
        clock = try container.decode(String.self, forKey: .clock)
        guard Self.clocks.contains(clock) else {
            throw DecodingError.dataCorruptedError(
                forKey: .clock, in: container,
                debugDescription: "\"\(clock)\" is not virtual or wall")
        }
        summary = try container.decode(MeasurementSummary.self, forKey: .summary)
    }
}
