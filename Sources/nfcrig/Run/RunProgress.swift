import Conformance

/// The lines `nfcrig run` prints.
enum RunProgress {
    /// `NDEF-R-001  pass   readTime.<128B p50 12.345 ms  reads a URI record...`
    ///
    /// The figure is the case's own: the first series after the scan that found the tag
    /// (a read, a write, an APDU), the scan's only when the case measured nothing else.
    static func line(for result: CaseResult) -> String {
        var figure = ""
        let measured = result.measurements.filter { !$0.samples.isEmpty }
        let own = measured.first { LatencyMetric(seriesName: $0.name) != .timeToDetect }
        if let series = own ?? measured.first {
            let sorted = series.samples.sorted()
            figure = "\(series.name) p50 \(milliseconds(sorted[sorted.count / 2]))"
        }
        var line =
            pad(result.id, 12) + pad(result.verdict.rawValue, 7) + pad(figure, 34) + result.title
        if !result.message.isEmpty { line += "\n             " + result.message }
        return line
    }

    /// Counts per verdict, the run's outcome and the time the run took; then the suites
    /// that judged nothing (when the outcome does not already name them) and the operations
    /// the DUT did not offer.
    static func summary(_ run: RunResult, wallTime: Duration) -> String {
        let counts = Verdict.allCases.map { verdict in
            "\(run.cases.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
        }
        let outcome = run.outcome
        var lines = [
            "\(run.cases.count) cases: " + counts.joined(separator: ", ")
                + " — \(outcome.headline) (wall time \(milliseconds(wallTime)))"
        ]
        let unjudged = run.unjudgedSuites
        if case .nothingJudged = outcome {
        } else if !unjudged.isEmpty {
            lines.append(
                "nothing judged in " + (unjudged.count == 1 ? "suite " : "suites ")
                    + unjudged.joined(separator: ", ") + ": every case skipped")
        }
        let notOffered = NotOfferedOperation.sentence(run.notOffered)
        if !notOffered.isEmpty { lines.append(notOffered) }
        return lines.joined(separator: "\n")
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = micros / 1000
        let fraction = String(micros % 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
