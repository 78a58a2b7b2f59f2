import Conformance

/// Every sample of one series of a case, as `report.json` keeps it (schema 4 on): what the
/// run's latency summary, its plots and the gate's statistics are computed from.
///
/// Samples are milliseconds rounded to the microsecond, in the order taken.
public struct LatencySeries: Sendable, Hashable, Codable {
    /// The series's name: a metric's name, maybe with a size class (`readTime.<1KiB`).
    public var name: String
    /// What the samples measured under; nil when the metric has no size.
    public var conditions: MeasurementConditions?
    /// The samples in milliseconds, three decimals.
    public var samplesMs: [Double]

    /// Creates a series from values already in milliseconds.
    public init(name: String, conditions: MeasurementConditions? = nil, samplesMs: [Double]) {
        self.name = name
        self.conditions = conditions
        self.samplesMs = samplesMs
    }

    /// Keeps a case's series, each sample rounded to the microsecond.
    public init(_ series: MeasurementSeries) {
        self.init(
            name: series.name, conditions: series.conditions,
            samplesMs: series.samples.map { Microseconds.milliseconds(Microseconds.of($0)) })
    }

    /// The metric the series belongs to; nil for a name this version does not know.
    public var metric: LatencyMetric? { LatencyMetric(seriesName: name) }

    /// The samples in whole microseconds, for arithmetic that must be exact.
    public var samplesMicroseconds: [Int64] { samplesMs.map(Microseconds.of(milliseconds:)) }

    private enum CodingKeys: String, CodingKey {
        case name, conditions, samplesMs
    }

    /// Decodes and checks a series: a name, at least one sample, every sample finite and
    /// from 0 to 10^12 ms, and sizes and bit rates that are not negative.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        guard !name.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container, debugDescription: "the series name is empty")
        }
        conditions = try container.decodeIfPresent(
            MeasurementConditions.self, forKey: .conditions)
        if let conditions {
            let parts = [
                ("messageBytes", conditions.messageBytes),
                ("commandBytes", conditions.commandBytes),
                ("responseBytes", conditions.responseBytes),
                ("bitRateKbps", conditions.bitRateKbps),
            ]
            for (field, value) in parts {
                if let value, value < 0 {
                    throw DecodingError.dataCorruptedError(
                        forKey: .conditions, in: container,
                        debugDescription: "\(field) \(value) is negative")
                }
            }
        }
        samplesMs = try container.decode([Double].self, forKey: .samplesMs)
        guard !samplesMs.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .samplesMs, in: container, debugDescription: "the series has no sample")
        }
        for (index, sample) in samplesMs.enumerated()
        where !sample.isFinite || sample < 0 || sample > Microseconds.largestMilliseconds {
            throw DecodingError.dataCorruptedError(
                forKey: .samplesMs, in: container,
                debugDescription: "sample \(index), \(sample), is not a latency from 0 to 1e12 ms")
        }
    }
}
