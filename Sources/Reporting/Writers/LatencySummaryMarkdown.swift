import Conformance

/// The run's latency summary as Markdown, shared by report.md and summary.md: a table of
/// every metric's figures over the run, then what each metric measures and on which clock.
///
/// The metric's title and endpoints are nfcrig's own text for the metric, not the strings
/// a report file holds, so that a report read back cannot claim other endpoints.
enum LatencySummaryMarkdown {
    /// The table and the words; empty when the report has no summary or nothing was
    /// measured.
    static func lines(_ report: Report) -> [String] {
        guard let latency = report.latency, !latency.isEmpty else { return [] }
        var lines = MarkdownTable.lines(
            header: ["metric", "samples", "min", "p50", "p90", "p99", "max", "measured"],
            rows: latency.map { entry in
                let s = entry.summary
                return [entry.metric.title, "\(s.count)"]
                    + [s.min, s.p50, s.p90, s.p99, s.max].map(ReportFormatting.milliseconds)
                    + [entry.metric.observedAt.description]
            })
        lines += [
            "",
            "Milliseconds over every passing case of the run, on "
                + MarkdownText.inline(MetricLatency.describe(clock: report.rig.clock))
                + " (`\(MarkdownText.inline(report.rig.clock))`). Each metric runs:",
            "",
        ]
        lines += latency.map { "- **\($0.metric.title)**: \($0.metric.endpoints)." }
        return lines
    }
}

/// A GitHub-flavoured Markdown table.
enum MarkdownTable {
    /// Header, separator and one line per row; cells are placed as given (escape them first).
    static func lines(header: [String], rows: [[String]]) -> [String] {
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
        return [line(header), line(header.map { _ in "---" })] + rows.map(line)
    }
}
