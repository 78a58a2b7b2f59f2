/// One figure a benchmark measured.
public struct BenchMeasurement: Codable, Sendable, Hashable {
    /// A stable key, e.g. `mixed.typed.recordsPerSecond`.
    public var name: String
    /// The unit of `value`, e.g. `records/s`, `MB/s`, `GB/s`.
    public var unit: String
    /// The figure.
    public var value: Double
    /// What was measured, for the table.
    public var detail: String

    /// Creates a measurement.
    public init(name: String, unit: String, value: Double, detail: String) {
        self.name = name
        self.unit = unit
        self.value = value
        self.detail = detail
    }
}

/// A target from the issue, and whether the run met it.
public struct BenchTarget: Codable, Sendable, Hashable {
    /// What is compared, in words.
    public var name: String
    /// The threshold.
    public var threshold: Double
    /// The measured figure.
    public var measured: Double
    /// Whether `measured >= threshold`.
    public var met: Bool

    /// Creates a target check.
    public init(name: String, threshold: Double, measured: Double) {
        self.name = name
        self.threshold = threshold
        self.measured = measured
        met = measured >= threshold
    }
}
