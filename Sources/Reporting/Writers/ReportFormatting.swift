import Foundation

/// Number and date formats shared by the text writers, fixed to the POSIX locale so that a
/// report reads the same on every machine.
enum ReportFormatting {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A decimal without trailing zeros or a trailing point: `12.500` → `12.5`.
    private static func trimmingZeros(_ decimal: String) -> String {
        guard decimal.contains(".") else { return decimal }
        var text = Substring(decimal)
        while text.hasSuffix("0") { text = text.dropLast() }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }

    /// Milliseconds with three decimals: `1.250`.
    static func milliseconds(_ value: Double) -> String {
        String(format: "%.3f", locale: posix, value)
    }

    /// Seconds with three decimals, from milliseconds: JUnit's `time` attribute.
    static func seconds(milliseconds value: Double) -> String {
        String(format: "%.3f", locale: posix, value / 1000)
    }

    /// A percentage with one decimal and its sign: `+12.5%`.
    static func signedPercent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", locale: posix, fraction * 100)
    }

    /// A percentage without trailing zeros: `10%`, `12.5%`.
    static func percent(_ fraction: Double) -> String {
        trimmingZeros(String(format: "%.4f", locale: posix, fraction * 100)) + "%"
    }

    /// UTC, ISO 8601, to the second: `2025-03-01T09:30:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// Milliseconds for axis labels: up to three decimals, trailing zeros dropped (`12.5`).
    static func compactMilliseconds(_ value: Double) -> String {
        trimmingZeros(milliseconds(value))
    }

    /// An SVG coordinate with at most two decimals.
    static func coordinate(_ value: Double) -> String {
        let text = trimmingZeros(String(format: "%.2f", locale: posix, value))
        return text == "-0" ? "0" : text
    }
}
