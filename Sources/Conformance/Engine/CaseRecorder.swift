import Locking

/// Collects a case's latency samples and timeline across its repetitions.
public final class CaseRecorder: Sendable {
    private struct State {
        var series: [MeasurementSeries] = []
        var timeline: [TimelineEvent] = []
    }

    private let state = Lock(State())

    /// Creates an empty recorder.
    public init() {}

    /// Adds one sample to the metric `name` under `conditions` (the series is created on
    /// first use, in order).
    public func record(
        _ name: String, _ sample: Duration, conditions: MeasurementConditions? = nil
    ) {
        state.withLock { state in
            if let index = state.series.firstIndex(where: {
                $0.name == name && $0.conditions == conditions
            }) {
                state.series[index].samples.append(sample)
            } else {
                state.series.append(
                    MeasurementSeries(name: name, samples: [sample], conditions: conditions))
            }
        }
    }

    /// Adds a timeline event.
    public func note(_ event: TimelineEvent) { state.withLock { $0.timeline.append(event) } }

    /// Adds everything `other` recorded, after what this one holds: a repetition's
    /// samples once it counts.
    public func absorb(_ other: CaseRecorder) {
        let (series, timeline) = other.state.withLock { ($0.series, $0.timeline) }
        for entry in series {
            for sample in entry.samples {
                record(entry.name, sample, conditions: entry.conditions)
            }
        }
        state.withLock { $0.timeline += timeline }
    }

    /// Every series so far.
    public var measurements: [MeasurementSeries] { state.withLock { $0.series } }

    /// The timeline so far, in time order.
    public var timeline: [TimelineEvent] {
        state.withLock { $0.timeline }.sorted { $0.at < $1.at }
    }
}
