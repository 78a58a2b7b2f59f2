/// The gate's comparison as one HTML page with no script and no other file: verdict, rule,
/// both runs' facts, warnings, every change, and a plot per regressed or improved metric.
enum GateHTML {
    static func render(_ document: GateDocument) -> String {
        let e = HTMLText.escape
        let ids = document.runIDs
        var parts = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<title>nfcrig gate: \(e(ids.baseline)) vs \(e(ids.candidate))</title>",
            "<style>\n\(css)\n\(GateDistributionSVG.css)\n</style>",
            "</head>",
            "<body>",
            "<h1>nfcrig gate</h1>",
            "<p>baseline <code>\(e(ids.baseline))</code> vs candidate "
                + "<code>\(e(ids.candidate))</code></p>",
            "<p class=\"verdict \(document.passed ? "passed" : "failed")\">"
                + "\(e(document.verdict))</p>",
        ]
        switch document.content {
        case .compared(let result):
            parts.append("<p>\(e(capitalised(GateTable.rule(result)))).</p>")
        case .refused(let reason, _, _):
            parts.append("<p class=\"refusal\">\(e(reason))</p>")
        }
        parts += table(document.facts, className: "facts")
        if case .compared(let result) = document.content {
            if !result.warnings.isEmpty {
                parts.append("<ul class=\"warnings\">")
                parts += result.warnings.map { "<li>warning: \(e($0))</li>" }
                parts.append("</ul>")
            }
            parts.append("<h2>Changes</h2>")
            if result.changes.isEmpty {
                parts.append("<p>No changes.</p>")
            } else {
                parts += changes(result)
            }
            let plots = document.plots
            if !plots.isEmpty {
                parts.append("<h2>Regressed and improved metrics</h2>")
                parts.append(
                    "<p class=\"note\">Each run's samples, as a share of the run's count per "
                        + "bin. Shaded: the shift the limits allow around the baseline's median. "
                        + "Red bar: the interval of the median's shift, drawn from the "
                        + "baseline's median.</p>")
                for plot in plots {
                    parts.append("<figure>")
                    parts.append("<figcaption>\(e(plot.title))</figcaption>")
                    parts.append(plot.svg.render())
                    parts += table(GateDocument.runRows(plot.comparison), className: "runs")
                    parts.append("</figure>")
                }
            }
        }
        parts += ["</body>", "</html>", ""]
        return parts.joined(separator: "\n")
    }

    private static func changes(_ result: GateResult) -> [String] {
        let e = HTMLText.escape
        var parts = [
            "<table class=\"changes\">",
            "<tr>" + GateDocument.header(result).map { "<th>\(e($0))</th>" }.joined() + "</tr>",
        ]
        for change in result.changes {
            let cells = GateTable.cells(change)
            let row = cells.enumerated().map { index, text in
                index == cells.count - 1
                    ? "<td class=\"assessment \(change.assessment.rawValue)\">\(e(text))</td>"
                    : "<td>\(e(text))</td>"
            }
            parts.append("<tr>" + row.joined() + "</tr>")
        }
        parts.append("</table>")
        return parts
    }

    /// Rows of cells as a table whose first row is its header.
    private static func table(_ rows: [[String]], className: String) -> [String] {
        let e = HTMLText.escape
        guard let header = rows.first else { return [] }
        return ["<table class=\"\(className)\">"]
            + ["<tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr>"]
            + rows.dropFirst().map { row in
                "<tr>" + row.map { "<td>\(e($0))</td>" }.joined() + "</tr>"
            } + ["</table>"]
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    private static let css = """
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328;
          margin: 2rem auto; max-width: 80rem; padding: 0 1rem; }
        h1 { font-size: 1.6rem; margin-bottom: .2rem; }
        h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #d1d9e0; }
        table { border-collapse: collapse; margin: .5rem 0; }
        th, td { border: 1px solid #d1d9e0; padding: .25rem .6rem; text-align: left;
          vertical-align: top; overflow-wrap: break-word; }
        table.changes td { white-space: nowrap; }
        th { background: #f6f8fa; }
        p.verdict { font-weight: 600; font-size: 1.1rem; }
        p.verdict.passed { color: #1a7f37; } p.verdict.failed { color: #cf222e; }
        p.refusal { color: #cf222e; }
        ul.warnings { color: #9a6700; }
        td.assessment.regression, td.assessment.lostCoverage { color: #cf222e; font-weight: 600; }
        td.assessment.improvement { color: #1a7f37; }
        td.assessment.withinNoise, td.assessment.notEnoughSamples { color: #59636e; }
        figure { margin: 1rem 0 2rem; } figcaption { font-weight: 600; margin-bottom: .3rem; }
        p.note { color: #59636e; font-size: .85rem; }
        """
}
