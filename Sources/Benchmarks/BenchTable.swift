import Foundation

/// Cells and rows of the fixed-width tables the benchmarks print.
enum BenchTable {
    /// Width of a row's first cell, which says what was measured.
    static let labelWidth = 64
    /// Width of every further cell.
    static let cellWidth = 14

    /// A row: the label, then the values in fixed-width cells.
    static func row(_ label: String, _ values: String...) -> String {
        var line = "  " + pad(label, labelWidth)
        for value in values { line += pad(value, cellWidth) }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// A figure with three significant-looking digits and k/M for large values.
    static func number(_ value: Double) -> String {
        if value >= 1e6 { return String(format: "%.2f M", value / 1e6) }
        if value >= 1000 { return String(format: "%.1f k", value / 1e3) }
        return String(format: "%.3f", value)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
