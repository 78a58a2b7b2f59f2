/// An inline SVG of one metric's samples in both runs, for a regressed or improved metric:
/// the baseline's histogram above the candidate's on one millisecond axis, each run's median
/// marked, the band the limits allow around the baseline's median shaded, and the
/// interval of the median's shift drawn from the baseline's median, so that a reader sees
/// the whole interval lie beyond the band.
///
/// Both histograms share their bins and are scaled by the share of their run's samples, so
/// that runs of different counts compare. The axis ends at the larger of both runs' 99th
/// percentiles (or further, to show the band and the interval); samples beyond it are
/// counted in a note rather than squeezing the rest into one bar.
struct GateDistributionSVG {
    /// The metric in both runs; both runs must have samples.
    var comparison: LatencyComparison
    /// The shift the limits allow either way from the baseline's median, in microseconds:
    /// the larger of the tolerance's share of that median and the minimum delta.
    var limitMicroseconds: Double
    /// What the plot shows, for screen readers and the tooltip (escaped here).
    var label: String
    /// Whether the SVG is a file of its own (beside a Markdown comparison), which then
    /// carries its stylesheet; inline in HTML, the page's applies.
    var standalone = false

    /// The plot's styles, shared by the HTML page and standalone files.
    static let css = """
        svg.gate-distribution { background: #fff; }
        svg.gate-distribution text { font: 11px system-ui, sans-serif; fill: #1f2328; }
        svg.gate-distribution .axis, svg.gate-distribution .tick { stroke: #59636e; stroke-width: 1; }
        svg.gate-distribution .lane { stroke: #d1d9e0; stroke-width: 1; }
        svg.gate-distribution .axis-label, svg.gate-distribution .lane-label { fill: #59636e; }
        svg.gate-distribution .bars.baseline rect { fill: #8c959f; }
        svg.gate-distribution .bars.candidate rect { fill: #54aeff; }
        svg.gate-distribution .limits { fill: #dafbe1; }
        svg.gate-distribution .mark { stroke: #0969da; stroke-width: 1.5; stroke-dasharray: 4 3; }
        svg.gate-distribution .mark-label { fill: #0969da; }
        svg.gate-distribution line.shift { stroke: #cf222e; stroke-width: 4; }
        svg.gate-distribution .mark-label.shift { fill: #cf222e; }
        """

    private static let width = 640.0
    private static let left = 96.0
    private static let right = 16.0
    private static let top = 30.0
    private static let laneHeight = 72.0
    private static let laneGap = 34.0
    private static let bins = 30

    /// The `<svg>` element; an empty string when a run has no samples.
    func render() -> String {
        guard let baseline = comparison.baseline.sortedMicroseconds,
            let candidate = comparison.candidate.sortedMicroseconds, !baseline.isEmpty,
            !candidate.isEmpty
        else { return "" }
        let baselineMedian = comparison.baseline.medianMicroseconds
        var lower = Double(min(baseline[0], candidate[0]))
        var upper = max(Self.p99(baseline), Self.p99(candidate))
        let ends =
            [baselineMedian - limitMicroseconds, baselineMedian + limitMicroseconds]
            + (comparison.shift.map {
                [baselineMedian + $0.interval.lowerBound, baselineMedian + $0.interval.upperBound]
            } ?? [])
        lower = min(lower, ends.min() ?? lower)
        upper = max(upper, ends.max() ?? upper)
        if upper - lower < 1 {
            lower -= 1
            upper += 1
        }
        let plotBottom = Self.top + 2 * Self.laneHeight + Self.laneGap
        let height = plotBottom + 40
        let x = SVGLinearScale(
            domain: lower...upper, start: Self.left, end: Self.width - Self.right)
        let binWidth = (upper - lower) / Double(Self.bins)
        let runs = [
            Lane(
                name: "baseline", samples: baseline,
                median: comparison.baseline.medianMicroseconds, top: Self.top, binWidth: binWidth,
                lower: lower, upper: upper),
            Lane(
                name: "candidate", samples: candidate,
                median: comparison.candidate.medianMicroseconds,
                top: Self.top + Self.laneHeight + Self.laneGap,
                binWidth: binWidth, lower: lower, upper: upper),
        ]
        let peak = runs.map(\.peakShare).max() ?? 1
        let f = ReportFormatting.coordinate
        var parts = SVGElement.open(
            className: "gate-distribution", width: Self.width, height: height, label: label)
        if standalone { parts.append("<style>\n\(Self.css)\n</style>") }
        // The band first, so that bars and marks are drawn over it.
        let bandFrom = x(max(lower, baselineMedian - limitMicroseconds))
        let bandTo = x(min(upper, baselineMedian + limitMicroseconds))
        parts.append(
            "<rect class=\"limits\" x=\"\(f(bandFrom))\" y=\"\(f(Self.top - 8))\" "
                + "width=\"\(f(max(1, bandTo - bandFrom)))\" "
                + "height=\"\(f(plotBottom - Self.top + 8))\"><title>within the limits: the "
                + "baseline's median ± \(ReportFormatting.milliseconds(limitMicroseconds / 1000)) "
                + "ms</title></rect>")
        for run in runs {
            parts += run.render(x: x, peak: peak, count: run.samples.count)
        }
        if let shift = comparison.shift {
            parts += interval(shift, from: baselineMedian, x: x, y: runs[1].top - 8)
        }
        parts += SVGAxis.milliseconds(scale: x, y: plotBottom, target: 6)
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// The shift's interval as a bar from the baseline's median, over the candidate's lane.
    private func interval(_ shift: MedianShift, from median: Double, x: SVGLinearScale, y: Double)
        -> [String]
    {
        let f = ReportFormatting.coordinate
        let ms = { (micros: Double) in
            (micros >= 0 ? "+" : "") + ReportFormatting.milliseconds(micros / 1000)
        }
        let from = x(median + shift.interval.lowerBound)
        let to = x(median + shift.interval.upperBound)
        let text =
            "shift \(ms(shift.estimate)) ms [\(ms(shift.interval.lowerBound)), "
            + "\(ms(shift.interval.upperBound))]"
        let anchor = to > (Self.left + Self.width - Self.right) / 2 ? "end" : "start"
        return [
            "<line class=\"shift\" x1=\"\(f(from))\" y1=\"\(f(y))\" x2=\"\(f(max(to, from + 1)))\" "
                + "y2=\"\(f(y))\"><title>\(text)</title></line>",
            "<text class=\"mark-label shift\" x=\"\(f(anchor == "end" ? to : from))\" "
                + "y=\"\(f(y - 5))\" text-anchor=\"\(anchor)\">\(text)</text>",
        ]
    }

    /// The nearest-rank 99th percentile of sorted, non-empty samples.
    private static func p99(_ sorted: [Int64]) -> Double {
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        return Double(sorted[max(0, min(sorted.count - 1, rank - 1))])
    }

    /// One run's histogram.
    private struct Lane {
        var name: String
        var samples: [Int64]
        /// The run's median (`LatencySamples.medianMicroseconds`), marked on its lane.
        var median: Double
        var top: Double
        var counts: [Int]
        var beyond: Int
        var lower: Double
        var upper: Double
        var binWidth: Double

        init(
            name: String, samples: [Int64], median: Double, top: Double, binWidth: Double,
            lower: Double, upper: Double
        ) {
            self.name = name
            self.samples = samples
            self.median = median
            self.top = top
            self.lower = lower
            self.upper = upper
            self.binWidth = binWidth
            var counts = [Int](repeating: 0, count: GateDistributionSVG.bins)
            var beyond = 0
            for sample in samples {
                let value = Double(sample)
                guard value <= upper else {
                    beyond += 1
                    continue
                }
                let bin = Int(((value - lower) / binWidth).rounded(.down))
                counts[max(0, min(counts.count - 1, bin))] += 1
            }
            self.counts = counts
            self.beyond = beyond
        }

        /// The largest bin's share of the run's samples.
        var peakShare: Double {
            Double(counts.max() ?? 0) / Double(max(1, samples.count))
        }

        func render(x: SVGLinearScale, peak: Double, count: Int) -> [String] {
            let f = ReportFormatting.coordinate
            let ms = ReportFormatting.milliseconds
            let bottom = top + GateDistributionSVG.laneHeight
            let y = SVGLinearScale(domain: 0...max(peak, 1e-9), start: bottom, end: top)
            var parts = [
                "<line class=\"lane\" x1=\"\(f(x.start))\" y1=\"\(f(bottom))\" "
                    + "x2=\"\(f(x.end))\" y2=\"\(f(bottom))\"/>",
                "<text class=\"lane-label\" x=\"\(f(GateDistributionSVG.left - 8))\" "
                    + "y=\"\(f(top + 14))\" text-anchor=\"end\">\(name)</text>",
                "<text class=\"lane-label\" x=\"\(f(GateDistributionSVG.left - 8))\" "
                    + "y=\"\(f(top + 28))\" text-anchor=\"end\">n=\(count)</text>",
                "<g class=\"bars \(name)\">",
            ]
            for (index, binCount) in counts.enumerated() where binCount > 0 {
                let from = lower + Double(index) * binWidth
                let to = from + binWidth
                let share = Double(binCount) / Double(max(1, count))
                parts.append(
                    "<rect x=\"\(f(x(from)))\" y=\"\(f(y(share)))\" "
                        + "width=\"\(f(max(1, x(to) - x(from) - 1)))\" "
                        + "height=\"\(f(bottom - y(share)))\"><title>\(ms(from / 1000))–"
                        + "\(ms(to / 1000)) ms: \(binCount)</title></rect>")
            }
            parts.append("</g>")
            let position = x(median)
            let anchor = position > (x.start + x.end) / 2 ? "end" : "start"
            parts += [
                "<line class=\"mark median\" x1=\"\(f(position))\" y1=\"\(f(top))\" "
                    + "x2=\"\(f(position))\" y2=\"\(f(bottom))\"/>",
                "<text class=\"mark-label median\" x=\"\(f(position + (anchor == "end" ? -4 : 4)))\" "
                    + "y=\"\(f(top + 10))\" text-anchor=\"\(anchor)\">median "
                    + "\(ms(median / 1000)) ms</text>",
            ]
            if beyond > 0 {
                parts.append(
                    "<text class=\"axis-label\" x=\"\(f(x.end))\" y=\"\(f(bottom - 4))\" "
                        + "text-anchor=\"end\">\(beyond) beyond \(ms(upper / 1000)) ms →</text>")
            }
            return parts
        }
    }
}
