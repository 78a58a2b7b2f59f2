import AirLimits
import Foundation

/// An inline SVG scatter plot of latencies against a size in bytes (log scale), with the
/// air's floor drawn in as a line per bit rate: each sample a dot whose tooltip gives its
/// size, time, floor and the floor's share of the time.
struct SizeScatterSVG {
    /// One sample.
    struct Point {
        /// Where on the size axis.
        var bytes: Int
        /// The sample in milliseconds.
        var milliseconds: Double
        /// The bit rate it was taken at, for its colour; nil when unknown.
        var bitRateKbps: Int?
        /// The tooltip (escaped here).
        var title: String
    }

    /// One bit rate's floor, as (size, milliseconds) points joined in size order.
    struct Floor {
        /// The bit rate.
        var bitRateKbps: Int
        /// The floor at each size.
        var points: [(bytes: Int, milliseconds: Double)]
    }

    /// The samples.
    var points: [Point]
    /// The floors, one per bit rate.
    var floors: [Floor]
    /// The size axis's name (`message size`).
    var sizeName: String
    /// What the chart shows, for screen readers and the tooltip (escaped here).
    var label: String

    private static let width = 640.0
    private static let height = 300.0
    private static let left = 56.0
    private static let right = 120.0
    private static let top = 16.0
    private static let bottom = 48.0

    /// The `<svg>` element.
    func render() -> String {
        let f = ReportFormatting.coordinate
        let sizes = points.map(\.bytes) + floors.flatMap { $0.points.map(\.bytes) }
        // log2 of the size; a size of 0 sits at 1 byte's place.
        func position(_ bytes: Int) -> Double { log2(Double(max(1, bytes))) }
        let low = (sizes.map(position).min() ?? 0) - 0.5
        let high = (sizes.map(position).max() ?? 1) + 0.5
        let x = SVGLinearScale(domain: low...high, start: Self.left, end: Self.width - Self.right)
        let tallest = max(
            points.map(\.milliseconds).max() ?? 0,
            floors.flatMap { $0.points.map(\.milliseconds) }.max() ?? 0)
        let yTicks = AxisTicks.values(from: 0, to: max(0.001, tallest * 1.05), target: 5)
        let yTop = max(yTicks.last ?? 1, tallest, 0.001)
        let plotBottom = Self.height - Self.bottom
        let y = SVGLinearScale(domain: 0...yTop, start: plotBottom, end: Self.top)
        var parts = SVGElement.open(
            className: "scatter", width: Self.width, height: Self.height, label: label)
        parts += axes(x: x, y: y, ticks: yTicks, low: low, high: high)
        for floor in floors where !floor.points.isEmpty {
            let sorted = floor.points.sorted { $0.bytes < $1.bytes }
            var line = sorted.map {
                "\(f(x(position($0.bytes)))),\(f(y($0.milliseconds)))"
            }.joined(separator: " ")
            if sorted.count == 1 {
                // One size: a short level dash, where a one-point line would not show.
                let (at, level) = (x(position(sorted[0].bytes)), y(sorted[0].milliseconds))
                line = "\(f(at - 12)),\(f(level)) \(f(at + 12)),\(f(level))"
            }
            let last = sorted[sorted.count - 1]
            parts += [
                "<polyline class=\"floor r\(floor.bitRateKbps)\" points=\"\(line)\">"
                    + "<title>air floor at \(floor.bitRateKbps) kbps</title></polyline>",
                "<text class=\"floor-label r\(floor.bitRateKbps)\" "
                    + "x=\"\(f(x(position(last.bytes)) + (sorted.count == 1 ? 16 : 6)))\" y=\"\(f(y(last.milliseconds) + 4))\">"
                    + "floor \(floor.bitRateKbps) kbps</text>",
            ]
        }
        parts.append("<g class=\"points\">")
        for point in points {
            let rate = point.bitRateKbps.map { " r\($0)" } ?? ""
            parts.append(
                "<circle class=\"point\(rate)\" cx=\"\(f(x(position(point.bytes))))\" "
                    + "cy=\"\(f(y(point.milliseconds)))\" r=\"3\">"
                    + "<title>\(HTMLText.escape(point.title))</title></circle>")
        }
        parts += ["</g>", "</svg>"]
        return parts.joined(separator: "\n")
    }

    private func axes(
        x: SVGLinearScale, y: SVGLinearScale, ticks: [Double], low: Double, high: Double
    ) -> [String] {
        let f = ReportFormatting.coordinate
        let plotBottom = Self.height - Self.bottom
        var parts = [
            "<line class=\"axis\" x1=\"\(f(x.start))\" y1=\"\(f(plotBottom))\" "
                + "x2=\"\(f(x.end))\" y2=\"\(f(plotBottom))\"/>",
            "<line class=\"axis\" x1=\"\(f(Self.left))\" y1=\"\(f(plotBottom))\" "
                + "x2=\"\(f(Self.left))\" y2=\"\(f(Self.top))\"/>",
        ]
        // Powers of two from the lowest to the highest size; every other one when many.
        let first = Int(low.rounded(.up))
        let last = Int(high.rounded(.down))
        let step = last - first > 8 ? 2 : 1
        for exponent in stride(from: max(0, first), through: min(62, last), by: step) {
            let position = x(Double(exponent))
            parts.append(
                "<line class=\"tick\" x1=\"\(f(position))\" y1=\"\(f(plotBottom))\" "
                    + "x2=\"\(f(position))\" y2=\"\(f(plotBottom + 4))\"/><text class=\"axis-label\" "
                    + "x=\"\(f(position))\" y=\"\(f(plotBottom + 16))\" text-anchor=\"middle\">"
                    + Self.bytes(1 << exponent) + "</text>")
        }
        parts.append(
            "<text class=\"axis-label\" x=\"\(f(x.end))\" y=\"\(f(plotBottom + 34))\" "
                + "text-anchor=\"end\">\(HTMLText.escape(sizeName)) (log scale)</text>")
        for tick in ticks {
            let position = y(tick)
            parts.append(
                "<line class=\"tick\" x1=\"\(f(Self.left - 4))\" y1=\"\(f(position))\" "
                    + "x2=\"\(f(Self.left))\" y2=\"\(f(position))\"/><text class=\"axis-label\" "
                    + "x=\"\(f(Self.left - 6))\" y=\"\(f(position + 4))\" text-anchor=\"end\">"
                    + ReportFormatting.compactMilliseconds(tick) + "</text>")
        }
        parts.append(
            "<text class=\"axis-label\" x=\"\(f(Self.left + 6))\" y=\"\(f(Self.top + 4))\" "
                + "text-anchor=\"start\">ms</text>")
        return parts
    }

    /// A size for an axis label: `128 B`, `1 KiB`, `4 MiB`.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) B"
    }
}
