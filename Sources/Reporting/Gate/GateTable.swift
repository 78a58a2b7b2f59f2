import Conformance

/// The gate's result as a fixed-width text table for terminals and CI logs.
public enum GateTable {
    /// A header line with both run IDs and the limits, one row per change (or `no changes`),
    /// and a verdict line: `gate: passed ...` or `gate: FAILED ...`.
    public static func render(_ result: GateResult) -> String {
        let milliseconds = Double(Microseconds.of(result.minimumDelta)) / 1000
        var lines = [
            "gate: baseline \(cell(result.baselineRunID)) vs candidate "
                + "\(cell(result.candidateRunID)); a latency regresses when p50 or p99 grows by "
                + "more than \(ReportFormatting.percent(result.tolerance)) and more than "
                + "\(ReportFormatting.compactMilliseconds(milliseconds)) ms",
            "",
        ]
        if result.changes.isEmpty {
            lines.append("no changes")
        } else {
            let header = ["CASE", "CHANGE", "BASELINE", "CANDIDATE", "DELTA", "ASSESSMENT"]
            lines += layout([header] + result.changes.map(row))
        }
        let regressions = result.regressions.count
        let changes = result.changes.count
        lines.append("")
        switch result.outcome {
        case .passed:
            lines.append(
                "gate: passed: "
                    + (changes == 0 ? "no changes" : "\(plural(changes, "change")), no regression"))
        case .regressed:
            lines.append(
                "gate: FAILED: \(plural(regressions, "regression")) "
                    + "(of \(plural(changes, "change")))")
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ change: GateChange) -> [String] {
        let assessment = label(change.assessment)
        let id = cell(change.caseID)
        switch change.kind {
        case .verdict(let baseline, let candidate):
            return [id, "verdict", baseline.rawValue, candidate.rawValue, "-", assessment]
        case .caseMissing(let baseline):
            return [id, "case missing", baseline.rawValue, "-", "-", assessment]
        case .caseAdded(let candidate):
            return [id, "new case", "-", candidate.rawValue, "-", assessment]
        case .metricMissing(let metric):
            return [id, cell(metric), "measured", "not measured", "-", assessment]
        case .metricAdded(let metric):
            return [id, cell(metric), "not measured", "measured", "-", assessment]
        case .latency(let latency):
            let ms = ReportFormatting.milliseconds
            let delta = latency.deltaMs
            let relative = latency.relativeChange.map { " (\(ReportFormatting.signedPercent($0)))" }
            return [
                id, "\(cell(latency.metric)) \(latency.percentile.rawValue)",
                "\(ms(latency.baselineMs)) ms", "\(ms(latency.candidateMs)) ms",
                (delta > 0 ? "+" : "") + "\(ms(delta)) ms" + (relative ?? ""), assessment,
            ]
        }
    }

    private static func label(_ assessment: GateAssessment) -> String {
        switch assessment {
        case .regression: "REGRESSION"
        case .improvement: "improvement"
        case .withinTolerance: "within tolerance"
        case .neutral: "changed"
        }
    }

    /// Report strings can come from any file: keep each on one visible line.
    private static func cell(_ text: String) -> String {
        VisibleControls.replacing(in: text.replacing("\r\n", with: "\n"))
            .replacing("\n", with: "\u{21B5}").replacing("\t", with: " ")
    }

    private static func layout(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1
                    ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
