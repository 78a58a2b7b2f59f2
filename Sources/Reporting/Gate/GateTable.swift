import Conformance
import Rig

/// The gate's result as a fixed-width text table for terminals and CI logs.
public enum GateTable {
    /// A header line with both run IDs and the limits, both runs' facts side by side (DUT,
    /// nfcrig build, profile, catalogue, outcome), the warnings, one row per change (or
    /// `no changes`), and a verdict line: `gate: passed ...` or `gate: FAILED ...`.
    public static func render(_ result: GateResult) -> String {
        var lines = [
            "gate: baseline \(cell(result.baselineRunID)) vs candidate "
                + "\(cell(result.candidateRunID)); \(rule(result))",
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
            let header = [
                "CASE", "CHANGE", "BASELINE", "CANDIDATE",
                "SHIFT [\(ReportFormatting.percent(result.confidence)) INTERVAL]", "RELATIVE",
                "ASSESSMENT",
            ]
            lines += layout([header] + result.changes.map(row))
        }
        lines.append("")
        lines.append(verdict(result))
        return lines.joined(separator: "\n")
    }

    /// The verdict line: `gate: passed: ...` or `gate: FAILED: ...` with the counts.
    static func verdict(_ result: GateResult) -> String {
        let regressions = result.changes.count { $0.assessment == .regression }
        let lost = result.changes.count { $0.assessment == .lostCoverage }
        let accepted = result.changes.count { $0.assessment == .accepted }
        let changes = result.changes.count
        let unjudged = result.changes.count { $0.assessment == .notEnoughSamples }
        let notes =
            (accepted == 0 ? [] : ["\(accepted) lost coverage accepted"])
            + (unjudged == 0
                ? []
                : ["\(plural(unjudged, "latency", "latencies")) with too few samples to judge"])
        let note = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        switch result.outcome {
        case .passed:
            let changed = "\(plural(changes, "change")), no regression" + note
            return "gate: passed: " + (changes == 0 ? "no changes" : changed)
        case .regressed:
            let counts =
                (regressions > 0 ? [plural(regressions, "regression")] : [])
                + (lost > 0 ? ["\(lost) lost coverage"] : [])
            let of = (["of " + plural(changes, "change")] + notes).joined(separator: "; ")
            return "gate: FAILED: \(counts.joined(separator: ", ")) (\(of))"
        }
    }

    /// The rule latencies are judged by, in one clause.
    static func rule(_ result: GateResult) -> String {
        let milliseconds = Double(Microseconds.of(result.minimumDelta)) / 1000
        return "a latency regresses when the "
            + "\(ReportFormatting.percent(result.confidence)) interval of its median's shift "
            + "lies wholly above +\(ReportFormatting.percent(result.tolerance)) and above "
            + "+\(ReportFormatting.compactMilliseconds(milliseconds)) ms "
            + "(at least \(MedianShift.minimumSamples) samples in each run)"
    }

    private static func row(_ change: GateChange) -> [String] { cells(change).map(cell) }

    /// A change as the table's cells, unescaped: case, change, baseline, candidate, shift,
    /// relative, assessment.
    static func cells(_ change: GateChange) -> [String] {
        let assessment = label(change.assessment)
        let id = change.caseID
        switch change.kind {
        case .verdict(let baseline, let candidate):
            return [id, "verdict", baseline.rawValue, candidate.rawValue, "-", "-", assessment]
        case .caseMissing(let baseline):
            return [id, "case missing", baseline.rawValue, "-", "-", "-", assessment]
        case .caseAdded(let candidate):
            return [id, "new case", "-", candidate.rawValue, "-", "-", assessment]
        case .metricMissing(let metric, let conditions):
            return [
                id, name(metric, conditions), "measured", "not measured", "-", "-", assessment,
            ]
        case .metricAdded(let metric, let conditions):
            return [
                id, name(metric, conditions), "not measured", "measured", "-", "-", assessment,
            ]
        case .latency(let latency):
            return [id, name(latency.metric + " median", latency.conditions)]
                + latencyCells(latency) + [assessment]
        }
    }

    /// A metric's name, with the conditions of the series a row is about.
    static func name(_ metric: String, _ conditions: MeasurementConditions?) -> String {
        conditions.map { "\(metric) (\($0.label))" } ?? metric
    }

    /// The baseline, candidate, shift and relative cells of a latency row: each run's
    /// median and sample count, the estimated shift and its interval in milliseconds and as
    /// a share of the baseline's median; without an interval, the medians' plain difference.
    static func latencyCells(_ latency: LatencyComparison) -> [String] {
        let ms = ReportFormatting.milliseconds
        func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + ms(value) }
        func percent(_ value: Double) -> String { ReportFormatting.signedPercent(value) }
        func run(_ samples: LatencySamples) -> String {
            "\(ms(samples.medianMs)) ms, n=\(samples.count)"
        }
        guard let shift = latency.shiftMs else {
            return [
                run(latency.baseline), run(latency.candidate),
                "\(signed(latency.medianDeltaMs)) ms, no interval",
                latency.relativeMedianDelta.map(percent) ?? "-",
            ]
        }
        let relative = latency.relativeShift.map {
            "\(percent($0.estimate)) [\(percent($0.interval.lowerBound)), "
                + "\(percent($0.interval.upperBound))]"
        }
        return [
            run(latency.baseline), run(latency.candidate),
            "\(signed(shift.estimate)) ms [\(signed(shift.interval.lowerBound)), "
                + "\(signed(shift.interval.upperBound))]",
            relative ?? "-",
        ]
    }

    /// Both runs' facts, a row each: what was compared with what.
    static func facts(_ baseline: GateRunFacts, _ candidate: GateRunFacts) -> [[String]] {
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
                : run.notOffered.map { "\($0.operation) (\(plural($0.cases, "case")))" }.joined(
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

    /// The assessment as the table and the documents spell it.
    static func label(_ assessment: GateAssessment) -> String {
        switch assessment {
        case .regression: "REGRESSION"
        case .lostCoverage: "LOST COVERAGE"
        case .accepted: "accepted (lost coverage)"
        case .improvement: "improvement"
        case .withinNoise: "within noise"
        case .notEnoughSamples: "not enough samples to judge"
        case .neutral: "changed"
        }
    }

    /// Report strings can come from any file: keep each on one visible line.
    static func cell(_ text: String) -> String {
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

    static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
