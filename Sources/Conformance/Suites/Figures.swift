/// Figures in case messages, written the same way everywhere.
enum Figures {
    /// `506.3 ms`: a duration in milliseconds to 0.1 ms.
    static func milliseconds(_ duration: Duration) -> String { number(duration) + " ms" }

    /// `450.0–550.0 ms`.
    static func milliseconds(_ range: ClosedRange<Duration>) -> String {
        number(range.lowerBound) + "–" + milliseconds(range.upperBound)
    }

    private static func number(_ duration: Duration) -> String {
        let tenths = Int((duration / .microseconds(100)).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
