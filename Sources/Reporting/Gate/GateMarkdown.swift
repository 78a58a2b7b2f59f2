import Foundation

/// The gate's comparison in GitHub-flavoured Markdown, short enough for a CI job summary:
/// verdict, rule, both runs' facts, warnings, every change, and a plot per regressed or
/// improved metric. Markdown cannot carry SVG inline (GitHub strips it), so each plot is a
/// file of its own, linked from the text.
enum GateMarkdown {
    /// The text and its plot files.
    struct Output {
        /// The Markdown.
        var text: String
        /// Each plot's file name inside the plots folder and its SVG.
        var plots: [(name: String, svg: String)]
    }

    /// The document, its plots linked as `<plotsFolder>/<name>.svg` (a path relative to the
    /// Markdown file).
    static func render(_ document: GateDocument, plotsFolder: String) -> Output {
        let m = MarkdownText.inline
        let ids = document.runIDs
        var lines = [
            "# nfcrig gate: \(m(ids.baseline)) vs \(m(ids.candidate))",
            "",
            "**\(m(document.verdict))**",
            "",
        ]
        switch document.content {
        case .compared(let result):
            lines.append(
                m(
                    GateTable.rule(result).prefix(1).uppercased()
                        + GateTable.rule(result).dropFirst()) + ".")
        case .refused(let reason, _, _):
            lines.append(m(reason))
        }
        lines.append("")
        lines += table(document.facts)
        var plots: [(name: String, svg: String)] = []
        if case .compared(let result) = document.content {
            if !result.warnings.isEmpty {
                lines.append("")
                lines += result.warnings.map { "- warning: " + m($0) }
            }
            lines += ["", "## Changes", ""]
            if result.changes.isEmpty {
                lines.append("No changes.")
            } else {
                lines += table([GateDocument.header(result)] + result.changes.map(GateTable.cells))
            }
            let documentPlots = document.plots
            if !documentPlots.isEmpty {
                lines += ["", "## Regressed and improved metrics"]
            }
            for (index, plot) in documentPlots.enumerated() {
                let name = fileName(index: index + 1, plot: plot)
                plots.append((name, render(plot)))
                let link = (plotsFolder + "/" + name).addingPercentEncoding(
                    withAllowedCharacters: .urlPathAllowed.subtracting(.init(charactersIn: "()")))
                lines += [
                    "", "### \(m(plot.title))", "",
                    "![\(m(plot.title)): the baseline's samples against the candidate's]"
                        + "(\(link ?? name))",
                    "",
                ]
                lines += table(GateDocument.runRows(plot.comparison))
            }
        }
        lines.append("")
        return Output(text: lines.joined(separator: "\n"), plots: plots)
    }

    private static func render(_ plot: GateDocument.Plot) -> String {
        var svg = plot.svg
        svg.standalone = true
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.render() + "\n"
    }

    /// `01-NDEF-R-001-readTime._1KiB.svg`: numbered so that names stay unique, with only
    /// letters, digits, `.`, `-` and `_` (a case ID or metric may hold anything).
    private static func fileName(index: Int, plot: GateDocument.Plot) -> String {
        let raw =
            "\(plot.change.caseID)-\(plot.comparison.metric)"
            + (plot.comparison.conditions.map { "-" + $0.label } ?? "")
        let safe = String(
            raw.unicodeScalars.map { scalar -> Character in
                let allowed =
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-"
                return allowed ? Character(scalar) : "_"
            }.prefix(80))
        return String(format: "%02d-", index) + safe + ".svg"
    }

    /// Rows of cells as a Markdown table whose first row is its header.
    private static func table(_ rows: [[String]]) -> [String] {
        guard let header = rows.first else { return [] }
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.isEmpty ? " " : MarkdownText.inline($0) }.joined(separator: " | ")
                + " |"
        }
        return [line(header), "|" + String(repeating: " --- |", count: header.count)]
            + rows.dropFirst().map(line)
    }
}
