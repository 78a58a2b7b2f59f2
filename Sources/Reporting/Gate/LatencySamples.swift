/// One run's view of one metric of one case, as the gate compares it: every sample where the
/// report kept them (schema 4 on), and the report's summary.
public struct LatencySamples: Sendable, Hashable {
    /// The samples in whole microseconds, sorted; nil when the report kept none (schema 3
    /// and before, which kept only summaries).
    public var sortedMicroseconds: [Int64]?
    /// The report's summary of the metric.
    public var summary: MeasurementSummary

    /// Creates one run's view; the samples are sorted here.
    public init(samplesMicroseconds: [Int64]?, summary: MeasurementSummary) {
        sortedMicroseconds = samplesMicroseconds?.sorted()
        self.summary = summary
    }

    /// How many samples: the samples kept, or the summary's count when none were kept.
    public var count: Int { sortedMicroseconds?.count ?? summary.count }

    /// The median in milliseconds: of the samples where kept (exact, halfway between the two
    /// middle samples for an even count), the summary's p50 otherwise.
    public var medianMs: Double { medianMicroseconds / 1000 }

    /// The median in microseconds, a whole or half microsecond: exact for arithmetic.
    var medianMicroseconds: Double {
        guard let sorted = sortedMicroseconds, !sorted.isEmpty else {
            return Double(Microseconds.of(milliseconds: summary.p50))
        }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1
            ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
    }

    /// The 99th percentile in milliseconds, as the report's summary gives it: shown, not
    /// judged (a run's p99 rests on its largest one or two samples).
    public var p99Ms: Double { summary.p99 }

    /// Whether both runs measured the same thing: the same samples in any order, or, when
    /// either report kept none, the same summary.
    public func isSame(as other: LatencySamples) -> Bool {
        if let mine = sortedMicroseconds, let theirs = other.sortedMicroseconds {
            return mine == theirs
        }
        return summary == other.summary
    }
}
