/// Nanosecond timestamps as text, the same way in trace file comments and listings.
public enum TraceTime {
    /// `duration` in whole nanoseconds: a record's timestamp from a time since the rig began.
    public static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// `1.250000000`: seconds with all nine decimals.
    public static func seconds(_ nanoseconds: Int64) -> String {
        decimal(nanoseconds, unit: 1_000_000_000, digits: 9)
    }

    /// `100.000`: microseconds with three decimals.
    public static func microseconds(_ nanoseconds: Int64) -> String {
        decimal(nanoseconds, unit: 1_000, digits: 3)
    }

    private static func decimal(_ value: Int64, unit: UInt64, digits: Int) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        let fraction = String(magnitude % unit)
        return sign + "\(magnitude / unit)."
            + String(repeating: "0", count: digits - fraction.count)
            + fraction
    }
}
