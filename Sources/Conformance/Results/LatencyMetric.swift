/// The latency metrics cases record, each with where its two ends are taken, so that a
/// report can say what a figure means.
///
/// A series's name is its metric's name, or the metric's name, a dot and a size class
/// (`readTime.<1KiB`): ``init(seriesName:)`` finds the metric either way.
public enum LatencyMetric: String, Sendable, Hashable, CaseIterable, Codable {
    case timeToDetect
    case readTime
    case writeTime
    case apduTime
    case restartInterval
    case multiTagScanTime
    case dispatchTime

    /// The metric a series belongs to; nil for a name no case records.
    public init?(seriesName: String) {
        let family = seriesName.split(separator: ".", maxSplits: 1).first.map(String.init)
        guard let family, let metric = LatencyMetric(rawValue: family) else { return nil }
        self = metric
    }

    /// The metric in words, for a table's first column.
    public var title: String {
        switch self {
        case .timeToDetect: "time to detect"
        case .readTime: "read time"
        case .writeTime: "write time"
        case .apduTime: "APDU round trip"
        case .restartInterval: "restart interval"
        case .multiTagScanTime: "multi-tag scan time"
        case .dispatchTime: "dispatch time"
        }
    }

    /// Where the figure is taken: on the air, or at the DUT's answer.
    public var observedAt: ObservationPoint {
        switch self {
        case .restartInterval: .air
        default: .dutAnswer
        }
    }

    /// Between which two moments the metric runs.
    public var endpoints: String {
        switch self {
        case .timeToDetect:
            "from the `scan` request to the DUT's answer naming the tag"
        case .readTime:
            "from the `read` request to the DUT's answer with the message"
        case .writeTime:
            "from the `write` request to the DUT's answer that the tag holds the message"
        case .apduTime:
            "from the `apdu` request to the DUT's answer with the response; in a write, the "
                + "write time divided by the writing commands the tag received"
        case .restartInterval:
            "from the field going off at the tags to the next activation"
        case .multiTagScanTime:
            "from the `scan` request to the DUT's answer with several tags in the field"
        case .dispatchTime:
            "from the `dispatch` request to the DUT's answer saying what it would open"
        }
    }

    /// Where a metric's two ends are observed.
    public enum ObservationPoint: String, Sendable, Hashable, Codable {
        /// Both ends on the RF side, as the emulated tags saw them: what the DUT cannot
        /// fake, and what its host's scheduling cannot blur.
        case air
        /// A request written to the DUT and its answer read back: the reader's whole stack,
        /// its process and its adapter included.
        case dutAnswer

        /// The point in words.
        public var description: String {
            switch self {
            case .air: "on the air, as the tags saw it"
            case .dutAnswer: "at the DUT's answer"
            }
        }
    }
}
