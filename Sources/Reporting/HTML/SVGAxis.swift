/// A horizontal time axis in milliseconds under a plot whose scale maps microseconds.
enum SVGAxis {
    /// The axis line at `y`, round ticks labelled in milliseconds, and the unit at the end.
    static func milliseconds(scale: SVGLinearScale, y: Double, target: Int) -> [String] {
        let f = ReportFormatting.coordinate
        var parts = [
            "<line class=\"axis\" x1=\"\(f(scale.start))\" y1=\"\(f(y))\" "
                + "x2=\"\(f(scale.end))\" y2=\"\(f(y))\"/>"
        ]
        let domain = scale.domain
        for tick in AxisTicks.values(
            from: domain.lowerBound / 1000, to: domain.upperBound / 1000, target: target)
        {
            let x = scale(tick * 1000)
            parts.append(
                "<line class=\"tick\" x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x))\" "
                    + "y2=\"\(f(y + 4))\"/><text class=\"axis-label\" x=\"\(f(x))\" "
                    + "y=\"\(f(y + 16))\" text-anchor=\"middle\">"
                    + ReportFormatting.compactMilliseconds(tick) + "</text>")
        }
        parts.append(
            "<text class=\"axis-label\" x=\"\(f(scale.end))\" y=\"\(f(y + 30))\" "
                + "text-anchor=\"end\">ms</text>")
        return parts
    }
}
