/// What `nfcrig gate --html FILE` and `--markdown FILE` write: the comparison (verdict, the
/// rule, both runs' facts, warnings, every change) with a plot per regressed or improved
/// metric, or, when the gate refused to compare, the refusal and both runs' facts.
public struct GateDocument: Sendable {
    /// What the document reports.
    public enum Content: Sendable {
        /// The gate compared the runs.
        case compared(GateResult)
        /// The gate refused to compare them (exit 2): why, and what each run was.
        case refused(reason: String, baseline: GateRunFacts, candidate: GateRunFacts)
    }

    /// What the document reports.
    public var content: Content

    /// A document of `content`.
    public init(_ content: Content) {
        self.content = content
    }

    /// A regressed or improved metric, with its plot.
    struct Plot {
        /// The change the plot belongs to.
        var change: GateChange
        /// The metric in both runs.
        var comparison: LatencyComparison
        /// The plot's drawing.
        var svg: GateDistributionSVG
        /// A caption: case, metric and assessment.
        var title: String
    }

    /// Both runs' IDs.
    var runIDs: (baseline: String, candidate: String) {
        switch content {
        case .compared(let result): (result.baselineRunID, result.candidateRunID)
        case .refused(_, let baseline, let candidate): (baseline.runID, candidate.runID)
        }
    }

    /// Both runs' facts, as rows of cells (a header row first).
    var facts: [[String]] {
        switch content {
        case .compared(let result): GateTable.facts(result.baseline, result.candidate)
        case .refused(_, let baseline, let candidate): GateTable.facts(baseline, candidate)
        }
    }

    /// The verdict line.
    var verdict: String {
        switch content {
        case .compared(let result): GateTable.verdict(result)
        case .refused: "gate: REFUSED: the runs do not compare"
        }
    }

    /// Whether the gate failed or refused: what the verdict's colour says.
    var passed: Bool {
        if case .compared(let result) = content { return result.outcome == .passed }
        return false
    }

    /// The plots, one per regressed or improved metric, in the order of the changes.
    var plots: [Plot] {
        guard case .compared(let result) = content else { return [] }
        let minimumDelta = Double(Microseconds.of(result.minimumDelta))
        let tolerance = result.tolerance.isNaN ? 0 : max(result.tolerance, 0)
        return result.changes.compactMap { change in
            guard change.assessment == .regression || change.assessment == .improvement,
                case .latency(let comparison) = change.kind, comparison.shift != nil
            else { return nil }
            let limit = max(tolerance * comparison.baseline.medianMs * 1000, minimumDelta)
            let title =
                "\(change.caseID) \(GateTable.name(comparison.metric, comparison.conditions)): "
                + GateTable.label(change.assessment)
            return Plot(
                change: change, comparison: comparison,
                svg: GateDistributionSVG(
                    comparison: comparison, limitMicroseconds: limit,
                    label: "\(title): the baseline's samples against the candidate's"),
                title: title)
        }
    }

    /// The table's header.
    static func header(_ result: GateResult) -> [String] {
        [
            "case", "change", "baseline", "candidate",
            "shift [\(ReportFormatting.percent(result.confidence)) interval]", "relative",
            "assessment",
        ]
    }

    /// Each run's count, median and p99 of a metric (p99 shown, not judged), and beside
    /// the medians their shift with its interval, in ms and relative.
    static func runRows(_ comparison: LatencyComparison) -> [[String]] {
        let ms = { (value: Double) in ReportFormatting.milliseconds(value) + " ms" }
        let cells = GateTable.latencyCells(comparison)
        return [
            ["", "baseline", "candidate", "shift of the median"],
            ["samples", "\(comparison.baseline.count)", "\(comparison.candidate.count)", ""],
            [
                "median", ms(comparison.baseline.medianMs), ms(comparison.candidate.medianMs),
                "\(cells[2]) (\(cells[3]))",
            ],
            [
                "p99 (not judged)", ms(comparison.baseline.p99Ms), ms(comparison.candidate.p99Ms),
                "",
            ],
        ]
    }
}
