/// An inline SVG bar chart of one metric's samples, with p50 and p99 marked by dashed lines
/// and labelled with their values, and optionally the window a rule accepts shaded behind
/// them (the restart intervals against the rig's 500 ms ± 50 ms).
///
/// Bars count the raw samples in equal-width bins between the smallest and largest sample;
/// the marks use the report's HdrHistogram percentiles, so they agree with the tables.
struct LatencyHistogramSVG {
    /// Sample values in whole microseconds.
    var samples: [UInt64]
    /// The summary whose p50 and p99 are marked.
    var summary: MeasurementSummary
    /// What the chart shows, for screen readers and the tooltip (escaped here).
    var label: String
    /// The accepted window in whole microseconds, shaded; the plot widens to show it whole.
    var window: ClosedRange<UInt64>? = nil

    private static let width = 560.0
    private static let height = 214.0
    private static let left = 44.0
    private static let right = 16.0
    private static let top = 40.0
    private static let bottom = 40.0
    private static let maximumBins = 24

    /// The `<svg>` element.
    func render() -> String {
        let smallest = min(samples.min() ?? 0, window?.lowerBound ?? .max)
        let highest = max(samples.max() ?? 0, window?.upperBound ?? 0)
        // Bins cover whole microseconds. A narrow spread is centred in a window of one bin
        // per microsecond, so that a single value is a bar, not the whole plot.
        let spread = highest - smallest + 1
        let span = max(spread, UInt64(Self.maximumBins))
        let lowest = smallest - min(smallest, (span - spread) / 2)
        let binCount = Int(min(UInt64(Self.maximumBins), span))
        let binWidth = Double(span) / Double(binCount)
        var counts = [Int](repeating: 0, count: binCount)
        for sample in samples {
            counts[min(binCount - 1, Int(Double(sample - lowest) / binWidth))] += 1
        }
        let plotBottom = Self.height - Self.bottom
        let x = SVGLinearScale(
            domain: Double(lowest)...Double(lowest + span), start: Self.left,
            end: Self.width - Self.right)
        let y = SVGLinearScale(
            domain: 0...Double(max(1, counts.max() ?? 1)), start: plotBottom, end: Self.top)
        let format = ReportFormatting.coordinate
        var parts = SVGElement.open(
            className: "histogram", width: Self.width, height: Self.height, label: label)
        if let window {
            let from = x(Double(window.lowerBound))
            let to = x(Double(window.upperBound) + 1)
            parts.append(
                "<rect class=\"window\" x=\"\(format(from))\" y=\"\(format(Self.top))\" "
                    + "width=\"\(format(max(1, to - from)))\" "
                    + "height=\"\(format(plotBottom - Self.top))\"><title>the rig's window: "
                    + "\(ReportFormatting.milliseconds(Double(window.lowerBound) / 1000))–"
                    + "\(ReportFormatting.milliseconds(Double(window.upperBound) / 1000)) ms"
                    + "</title></rect>")
        }
        parts.append(#"<g class="bars">"#)
        for (index, count) in counts.enumerated() where count > 0 {
            let from = Double(lowest) + Double(index) * binWidth
            let to = from + binWidth
            parts.append(
                "<rect x=\"\(format(x(from)))\" y=\"\(format(y(Double(count))))\" "
                    + "width=\"\(format(max(1, x(to) - x(from) - 1)))\" "
                    + "height=\"\(format(plotBottom - y(Double(count))))\">"
                    + "<title>\(ReportFormatting.milliseconds(from / 1000))–"
                    + "\(ReportFormatting.milliseconds(to / 1000)) ms: \(count)</title></rect>")
        }
        parts.append("</g>")
        parts += axes(x: x, plotBottom: plotBottom, peak: counts.max() ?? 0)
        parts += mark("p50", milliseconds: summary.p50, x: x, labelY: Self.top - 22)
        parts += mark("p99", milliseconds: summary.p99, x: x, labelY: Self.top - 8)
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    private func axes(x: SVGLinearScale, plotBottom: Double, peak: Int) -> [String] {
        let f = ReportFormatting.coordinate
        // The count scale needs only its top: bars are read against each other.
        return [
            "<text class=\"axis-label\" x=\"\(f(Self.left - 6))\" y=\"\(f(Self.top + 4))\" "
                + "text-anchor=\"end\">\(peak)</text>"
        ] + SVGAxis.milliseconds(scale: x, y: plotBottom, target: 5)
    }

    private func mark(_ name: String, milliseconds: Double, x: SVGLinearScale, labelY: Double)
        -> [String]
    {
        let format = ReportFormatting.coordinate
        // The middle of the microsecond the percentile falls in.
        let position = x(milliseconds * 1000 + 0.5)
        let anchor = position > (Self.left + Self.width - Self.right) / 2 ? "end" : "start"
        let nudge = anchor == "end" ? -4.0 : 4.0
        return [
            "<line class=\"mark \(name)\" x1=\"\(format(position))\" y1=\"\(format(labelY + 2))\" "
                + "x2=\"\(format(position))\" y2=\"\(format(Self.height - Self.bottom))\"/>",
            "<text class=\"mark-label \(name)\" x=\"\(format(position + nudge))\" "
                + "y=\"\(format(labelY))\" text-anchor=\"\(anchor)\">"
                + "\(name) \(ReportFormatting.milliseconds(milliseconds)) ms</text>",
        ]
    }
}
