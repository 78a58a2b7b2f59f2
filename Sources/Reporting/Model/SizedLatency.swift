import AirLimits
import Conformance

/// One series of a run whose samples have a size: a read or write of a message of so many
/// bytes, or an APDU exchange of so many bytes each way, with the air's floor for the same
/// size, tag type and bit rate where the conditions say enough to compute it.
///
/// What the size plots and their tables are drawn from; a series without conditions, or
/// without the size its metric needs, has no place here and is plotted only as a
/// distribution.
struct SizedLatency: Sendable, Hashable {
    /// The case that recorded the series.
    var caseID: String
    /// The series's name (`readTime.1KiB`).
    var name: String
    /// The series's metric.
    var metric: LatencyMetric
    /// What the samples measured under.
    var conditions: MeasurementConditions
    /// The size the plot puts the samples at: the message's bytes, or the command's and
    /// response's together.
    var bytes: Int
    /// The samples in milliseconds.
    var samplesMs: [Double]
    /// The air's floor in milliseconds; nil when the tag type (reads and writes) or the bit
    /// rate is not known, or the size is beyond ``largestFloorBytes``.
    var floorMs: Double?

    /// The largest size a floor is computed for (1 MiB, beyond any NDEF tag): a hostile
    /// report cannot make the writer count exchanges for hours.
    static let largestFloorBytes = 1 << 20

    /// The metrics plotted against a size.
    static let metrics: [LatencyMetric] = [.readTime, .writeTime, .apduTime]

    /// The sized series of `metric` in a report, in case and series order.
    static func series(of metric: LatencyMetric, in report: Report) -> [SizedLatency] {
        // Passing cases only, as in the summary (`MetricLatency.summarise`).
        report.cases.filter { $0.verdict == .pass }.flatMap { item in
            (item.series ?? []).compactMap { series in
                guard series.metric == metric, let conditions = series.conditions,
                    let bytes = size(metric, conditions)
                else { return nil }
                return SizedLatency(
                    caseID: item.id, name: series.name, metric: metric, conditions: conditions,
                    bytes: bytes, samplesMs: series.samplesMs,
                    floorMs: floorMilliseconds(metric, conditions, bytes: bytes))
            }
        }
    }

    /// The size a metric's samples are plotted at; nil when the conditions do not give it.
    static func size(_ metric: LatencyMetric, _ conditions: MeasurementConditions) -> Int? {
        switch metric {
        case .readTime, .writeTime:
            return conditions.messageBytes
        case .apduTime:
            guard let command = conditions.commandBytes, let response = conditions.responseBytes
            else { return nil }
            let (sum, overflow) = command.addingReportingOverflow(response)
            return overflow ? nil : sum
        default:
            return nil
        }
    }

    /// The floor for a metric at one size; nil without a tag type (reads and writes) or a
    /// bit rate, or beyond ``largestFloorBytes``.
    static func floorMilliseconds(
        _ metric: LatencyMetric, _ conditions: MeasurementConditions, bytes: Int
    ) -> Double? {
        guard let rate = conditions.bitRateKbps, rate > 0, bytes <= largestFloorBytes else {
            return nil
        }
        switch metric {
        case .readTime, .writeTime:
            guard let tagType = conditions.tagType.flatMap(NDEFAirLimit.TagType.init) else {
                return nil
            }
            return NDEFAirLimit(
                tagType: tagType, operation: metric == .readTime ? .read : .write,
                messageBytes: bytes, bitRateKbps: rate
            ).milliseconds
        case .apduTime:
            guard let command = conditions.commandBytes, let response = conditions.responseBytes
            else { return nil }
            return APDUAirLimit(commandBytes: command, responseBytes: response, bitrateKbps: rate)
                .exchangeSecondsWithoutGuardTime * 1000
        default:
            return nil
        }
    }

    /// The share of a time the air's floor accounts for (floor / time); nil without a
    /// floor or for a time of 0.
    func floorShare(of milliseconds: Double) -> Double? {
        guard let floorMs, milliseconds > 0 else { return nil }
        return floorMs / milliseconds
    }

    /// The median sample, the lower one of an even count's middle two.
    var medianMs: Double {
        let sorted = samplesMs.sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
    }
}
