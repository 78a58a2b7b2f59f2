/// A closed interval of milliseconds in `report.json`, such as the window the rig accepts
/// a restart-polling interval in (`{"from": 450, "to": 550}`).
public struct MillisecondWindow: Sendable, Hashable, Codable {
    /// The lower end.
    public var from: Double
    /// The upper end, not below `from`.
    public var to: Double

    /// A window from `from` to `to` milliseconds.
    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }

    /// The window of a range of durations, each end rounded to the microsecond.
    public init(_ range: ClosedRange<Duration>) {
        self.init(
            from: Microseconds.milliseconds(Microseconds.of(range.lowerBound)),
            to: Microseconds.milliseconds(Microseconds.of(range.upperBound)))
    }

    private enum CodingKeys: String, CodingKey { case from, to }

    /// Decodes and checks a window: finite ends from 0 to 10^12 ms, `from` ≤ `to`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func end(_ key: CodingKeys) throws -> Double {
            let value = try container.decode(Double.self, forKey: key)
            guard value.isFinite, value >= 0, value <= Microseconds.largestMilliseconds else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "\(value) is not a time from 0 to 1e12 ms")
            }
            return value
        }
        from = try end(.from)
        to = try end(.to)
        guard from <= to else {
            throw DecodingError.dataCorruptedError(
                forKey: .to, in: container,
                debugDescription: "\(to) is below the window's start (\(from))")
        }
    }
}
