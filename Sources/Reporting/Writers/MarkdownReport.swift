import Conformance
import Foundation
import Rig

/// `report.md`: the report as GitHub-flavoured Markdown, for pull requests and chat.
///
/// The run's outcome, a run table and verdict counts, the run's latency summary (each
/// metric over the whole run, and what it measures), the run's notes, one table per suite,
/// the failures and errors with their messages, then every case's measurements. Every
/// string is escaped to render literally.
public enum MarkdownReport {
    /// The whole document.
    public static func document(_ report: Report) -> String {
        var lines = ["# nfcrig report \(MarkdownText.inline(report.runID))", ""]
        let statements = report.outcomeStatements.map(MarkdownText.inline)
        lines.append("**\(statements[0])**")
        for statement in statements.dropFirst() { lines += ["", statement] }
        lines.append("")
        lines += runTable(report)
        lines += ["", "## Summary", ""]
        let summary = report.summary
        lines += table(
            header: ["outcome", "cases", "pass", "fail", "error", "skip"],
            rows: [
                [
                    "**\(report.outcome.keyword)**", "\(summary.total)",
                    "\(summary.pass)", "\(summary.fail)", "\(summary.error)", "\(summary.skip)",
                ]
            ])
        let latency = LatencySummaryMarkdown.lines(report)
        if !latency.isEmpty { lines += ["", "## Latency summary", ""] + latency }
        if !report.notes.isEmpty {
            lines +=
                ["", "## Notes", ""]
                + report.notes.map {
                    // The DUT's stderr log lies beside the report: a note naming it links it.
                    "- "
                        + MarkdownText.inline($0).replacingOccurrences(
                            of: DUTStderrLog.fileName,
                            with: "[\(DUTStderrLog.fileName)](\(DUTStderrLog.fileName))")
                }
        }
        for (suite, cases) in report.casesBySuite {
            lines += ["", "## Suite \(MarkdownText.inline(suite))", ""]
            lines += table(
                header: ["case", "title", "verdict", "time (ms)"],
                rows: cases.map {
                    [
                        MarkdownText.inline($0.id),
                        MarkdownText.inline($0.title)
                            + ($0.adapterDecides.map {
                                " (decided by the adapter: " + $0.joined(separator: ", ") + ")"
                            } ?? ""),
                        $0.verdict.rawValue, ReportFormatting.milliseconds($0.durationMs),
                    ]
                })
        }
        let problems = report.cases.filter { $0.verdict == .fail || $0.verdict == .error }
        if !problems.isEmpty {
            lines += ["", "## Failures and errors", ""]
            lines += problems.map {
                "- **\(MarkdownText.inline($0.id))** (\($0.verdict.rawValue)): "
                    + MarkdownText.inline($0.message.isEmpty ? "no message" : $0.message)
                    + ($0.expected.map { " (expected: " + MarkdownText.inline($0) + ")" } ?? "")
                    + ($0.trace.map { " — trace: [\($0)](\($0))" } ?? "")
            }
        }
        let traced = report.cases.filter {
            $0.trace != nil && $0.verdict != .fail && $0.verdict != .error
        }
        if !traced.isEmpty {
            lines += ["", "## Traces", ""]
            lines += traced.compactMap { item in
                item.trace.map { "- \(MarkdownText.inline(item.id)): [\($0)](\($0))" }
            }
        }
        let measured = report.cases.filter { !$0.measurements.isEmpty }
        if !measured.isEmpty {
            lines += ["", "## Measurements by case (ms)", ""]
            lines += table(
                header: ["case", "metric", "count", "min", "p50", "p90", "p99", "max"],
                rows: measured.flatMap { item in
                    item.metricNames.compactMap { name in
                        item.measurements[name].map { summary in
                            [MarkdownText.inline(item.id), MarkdownText.inline(name)]
                                + ["\(summary.count)"]
                                + [summary.min, summary.p50, summary.p90, summary.p99, summary.max]
                                .map(ReportFormatting.milliseconds)
                        }
                    }
                })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func runTable(_ report: Report) -> [String] {
        let text = MarkdownText.inline
        return table(
            header: ["run", text(report.runID)],
            rows: [
                [
                    "rig",
                    "\(text(report.rig.name)) (\(text(report.rig.file)), \(text(report.rig.clock)) clock"
                        + (report.judgedProfiles.map { ", profile \(text($0))" } ?? "") + ")",
                ],
                ["DUT", text(report.dut.name)], ["firmware", text(report.dut.firmware)],
            ] + (report.dut.isoDEP.map { [["ISO-DEP run by", $0.rawValue]] } ?? [])
                + [
                    ["nfcrig", text(report.nfcrig.description)],
                    ["catalogue", text(report.catalogueDescription)],
                    ["started", ReportFormatting.timestamp(report.startedAt)],
                ])
    }

    private static func table(header: [String], rows: [[String]]) -> [String] {
        func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
        return [line(header), line(header.map { _ in "---" })] + rows.map(line)
    }
}
