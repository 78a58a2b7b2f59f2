import Histogram

/// One latency metric of one case, summarised: what `report.json` keeps of the samples.
///
/// Samples are rounded to whole microseconds and recorded in an HdrHistogram with three
/// significant digits: `min` and `max` are the exact extremes, and each percentile is exact
/// below 2.048 ms and otherwise the top of its histogram bucket, at most 0.1 % above the
/// true sample. Values are milliseconds with three decimals.
public struct MeasurementSummary: Sendable, Hashable, Codable {
    /// The unit of every value: always `ms`.
    public var unit: String
    /// How many samples.
    public var count: Int
    /// The smallest sample.
    public var min: Double
    /// The median.
    public var p50: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The largest sample.
    public var max: Double

    /// The only unit reports use.
    public static let milliseconds = "ms"

    /// Creates a summary from values already in milliseconds.
    public init(count: Int, min: Double, p50: Double, p90: Double, p99: Double, max: Double) {
        self.unit = Self.milliseconds
        self.count = count
        self.min = min
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
    }

    /// Summarises samples; `nil` when there are none.
    public init?(samples: [Duration]) {
        let micros = samples.map(Microseconds.of)
        guard let largest = micros.max() else { return nil }
        // Sized to the largest sample so that nothing is dropped as out of range.
        var histogram = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: Swift.max(2, largest),
            numberOfSignificantValueDigits: .three)
        for value in micros { histogram.record(value) }
        func milliseconds(_ micros: UInt64) -> Double { Microseconds.milliseconds(micros) }
        self.init(
            count: micros.count,
            min: milliseconds(histogram.min),
            p50: milliseconds(histogram.valueAtPercentile(50)),
            p90: milliseconds(histogram.valueAtPercentile(90)),
            p99: milliseconds(histogram.valueAtPercentile(99)),
            // `maxRecorded` is the exact sample; `max` would be its bucket's top.
            max: milliseconds(histogram.maxRecorded))
    }

    private enum CodingKeys: String, CodingKey {
        case unit, count, min, p50, p90, p99, max
    }

    /// Decodes and checks a summary: unit `ms`, a positive count, finite values from 0 to
    /// 10^12 ms in non-decreasing order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        unit = try container.decode(String.self, forKey: .unit)
        guard unit == Self.milliseconds else {
            throw DecodingError.dataCorruptedError(
                forKey: .unit, in: container,
                debugDescription: "unit \"\(unit)\" is not \"\(Self.milliseconds)\"")
        }
        count = try container.decode(Int.self, forKey: .count)
        guard count > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container, debugDescription: "count \(count) is not positive")
        }
        var previous = 0.0
        func value(_ key: CodingKeys) throws -> Double {
            let value = try container.decode(Double.self, forKey: key)
            guard value.isFinite, value >= 0, value <= Microseconds.largestMilliseconds else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "\(value) is not a latency from 0 to 1e12 ms")
            }
            guard value >= previous else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "\(value) is below the value before it (\(previous))")
            }
            previous = value
            return value
        }
        min = try value(.min)
        p50 = try value(.p50)
        p90 = try value(.p90)
        p99 = try value(.p99)
        max = try value(.max)
    }
}
