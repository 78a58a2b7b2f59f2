/// The percentiles the gate compares.
public enum GatePercentile: String, Sendable, Hashable, CaseIterable {
    /// The median: typical latency.
    case p50
    /// The 99th percentile: the tail.
    case p99
}
