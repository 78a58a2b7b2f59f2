import Conformance
import Rig

/// `summary.md`: the run in a few lines for a CI job's summary (GitHub's
/// `$GITHUB_STEP_SUMMARY`, a GitLab merge-request note): the outcome and verdict counts, the
/// latency summary, the failures and errors, and links to the other files of the run's
/// folder.
///
/// Kept short whatever the run: at most ``listedProblems`` failures are listed, each message
/// cut at ``messageCharacters``, so that 200 failing cases stay far under GitHub's 1 MiB
/// limit for a step summary. Plain Markdown only: GitHub strips most HTML from a summary,
/// and every string from the DUT is escaped so that none is rendered as markup.
public enum SummaryMarkdown {
    /// The file's name in the run's folder.
    public static let fileName = "summary.md"
    /// The most failures and errors listed; the rest are counted.
    public static let listedProblems = 30
    /// The most characters of a case's message shown.
    public static let messageCharacters = 240

    /// The whole document.
    public static func document(_ report: Report) -> String {
        let text = MarkdownText.inline
        let summary = report.summary
        var lines = ["## nfcrig \(text(report.runID)): \(text(report.outcome.headline))", ""]
        // The first statement is the headline above.
        lines += report.outcomeStatements.dropFirst().map { text($0) + ".\n" }
        lines += [
            "DUT \(text(report.dut.name)) \(text(report.dut.firmware)) on rig "
                + "\(text(report.rig.name)) (\(text(report.rig.clock)) clock); "
                + "nfcrig \(text(report.nfcrig.version)).",
            "",
        ]
        lines += MarkdownTable.lines(
            header: ["cases", "pass", "fail", "error", "skip"],
            rows: [
                [
                    "\(summary.total)", "\(summary.pass)", "\(summary.fail)", "\(summary.error)",
                    "\(summary.skip)",
                ]
            ])
        let latency = LatencySummaryMarkdown.lines(report)
        if !latency.isEmpty { lines += ["", "### Latency", ""] + latency }
        let problems = report.cases.filter { $0.verdict == .fail || $0.verdict == .error }
        if !problems.isEmpty {
            lines += ["", "### Failures and errors (\(problems.count))", ""]
            lines += problems.prefix(listedProblems).map {
                "- **\(text($0.id))** (\($0.verdict.rawValue)): " + text(shortened($0.message))
            }
            if problems.count > listedProblems {
                lines.append(
                    "- and \(problems.count - listedProblems) more: see "
                        + "[report.md](report.md)")
            }
        }
        lines += [
            "",
            "Files: [report.html](report.html) · [report.md](report.md) · "
                + "[report.json](report.json) · [junit.xml](junit.xml)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The message on one line, cut at ``messageCharacters`` with an ellipsis.
    static func shortened(_ message: String) -> String {
        guard !message.isEmpty else { return "no message" }
        guard message.count > messageCharacters else { return message }
        return String(message.prefix(messageCharacters)) + "…"
    }
}
