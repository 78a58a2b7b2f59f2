import Conformance
import Rig

/// The gate's result as a fixed-width text table for terminals and CI logs.
public enum GateTable {
    /// A header line with both run IDs and the limits, both runs' facts side by side (DUT,
    /// nfcrig build, profile, catalogue, outcome), the warnings, one row per change (or
    /// `no changes`), and a verdict line: `gate: passed ...` or `gate: FAILED ...`.
    public static func render(_ result: GateResult) -> String {
        let milliseconds = Double(Microseconds.of(result.minimumDelta)) / 1000
        var lines = [
            "gate: baseline \(cell(result.baselineRunID)) vs candidate "
                + "\(cell(result.candidateRunID)); a latency regresses when p50 or p99 grows by "
                + "more than \(ReportFormatting.percent(result.tolerance)) and more than "
                + "\(ReportFormatting.compactMilliseconds(milliseconds)) ms",
            "",
        ]
        lines += layout(facts(result.baseline, result.candidate))
        lines.append("")
        if !result.warnings.isEmpty {
            lines += result.warnings.map { "warning: " + cell($0) }
            lines.append("")
        }
        if result.changes.isEmpty {
            lines.append("no changes")
        } else {
            let header = ["CASE", "CHANGE", "BASELINE", "CANDIDATE", "DELTA", "ASSESSMENT"]
            lines += layout([header] + result.changes.map(row))
        }
        let regressions = result.changes.count { $0.assessment == .regression }
        let lost = result.changes.count { $0.assessment == .lostCoverage }
        let accepted = result.changes.count { $0.assessment == .accepted }
        let changes = result.changes.count
        let acceptedNote = accepted == 0 ? "" : " (\(accepted) lost coverage accepted)"
        lines.append("")
        switch result.outcome {
        case .passed:
            lines.append(
                "gate: passed: "
                    + (changes == 0
                        ? "no changes"
                        : "\(plural(changes, "change")), no regression" + acceptedNote))
        case .regressed:
            let counts =
                (regressions > 0 ? [plural(regressions, "regression")] : [])
                + (lost > 0 ? ["\(lost) lost coverage"] : [])
            lines.append(
                "gate: FAILED: \(counts.joined(separator: ", ")) "
                    + "(of \(plural(changes, "change")))" + acceptedNote)
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

    /// Both runs' facts, a row each: what was compared with what.
    private static func facts(_ baseline: GateRunFacts, _ candidate: GateRunFacts) -> [[String]] {
        func dut(_ run: GateRunFacts) -> String {
            "\(run.dut.name), firmware \(run.dut.firmware)"
                + (run.dut.isoDEP.map { ", ISO-DEP by the \($0.rawValue)" } ?? "")
        }
        func profile(_ run: GateRunFacts) -> String { run.profile ?? "unknown" }
        func catalogue(_ run: GateRunFacts) -> String {
            run.catalogue.map { "\($0.cases) cases, \($0.fingerprint)" } ?? "unknown"
        }
        func notOffered(_ run: GateRunFacts) -> String {
            run.notOffered.isEmpty
                ? "-"
                : run.notOffered.map { "\($0.operation) (\($0.cases) cases)" }.joined(
                    separator: ", ")
        }
        var rows = [
            ["", "BASELINE", "CANDIDATE"],
            ["DUT", dut(baseline), dut(candidate)],
            ["nfcrig", baseline.nfcrig.description, candidate.nfcrig.description],
            ["profile", profile(baseline), profile(candidate)],
            ["catalogue", catalogue(baseline), catalogue(candidate)],
            ["outcome", baseline.outcome.headline, candidate.outcome.headline],
        ]
        if !baseline.notOffered.isEmpty || !candidate.notOffered.isEmpty {
            rows.append(["not offered", notOffered(baseline), notOffered(candidate)])
        }
        return rows.map { $0.map(cell) }
    }

    private static func label(_ assessment: GateAssessment) -> String {
        switch assessment {
        case .regression: "REGRESSION"
        case .lostCoverage: "LOST COVERAGE"
        case .accepted: "accepted (lost coverage)"
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
