/// Whole microseconds: the unit reports record, compare and round to.
///
/// Latencies of interest run from about 100 µs (an APDU at 424 kbps) to seconds; a
/// microsecond grid keeps three decimals of milliseconds exact in JSON and integer
/// arithmetic exact in the gate.
enum Microseconds {
    /// The duration rounded to the nearest microsecond (half away from zero), at least 0.
    static func of(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMicrosecond: Int64 = 1_000_000_000_000
        var micros = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !micros.overflow else { return seconds < 0 ? 0 : UInt64(Int64.max) }
        let fraction = attoseconds / attosecondsPerMicrosecond
        let remainder = attoseconds % attosecondsPerMicrosecond
        micros.partialValue += fraction
        if remainder * 2 >= attosecondsPerMicrosecond {
            micros.partialValue += 1
        } else if remainder * 2 <= -attosecondsPerMicrosecond {
            micros.partialValue -= 1
        }
        return micros.partialValue < 0 ? 0 : UInt64(micros.partialValue)
    }

    /// The largest value a report may hold, in milliseconds (about 31 years): decoding
    /// rejects more, so that microsecond arithmetic on decoded values cannot overflow.
    static let largestMilliseconds: Double = 1e12

    /// Milliseconds as written in reports (three decimals) back to whole microseconds,
    /// clamped to 0 ... ``largestMilliseconds``.
    static func of(milliseconds: Double) -> Int64 {
        guard milliseconds > 0 else { return 0 }
        return Int64((min(milliseconds, largestMilliseconds) * 1000).rounded())
    }

    /// Whole microseconds as the milliseconds a report shows.
    static func milliseconds(_ micros: UInt64) -> Double {
        Double(micros) / 1000
    }
}
