import Conformance

extension Report {
    /// What every report format states first: the run's outcome, the suites that judged
    /// nothing when the outcome is not already that, and the operations the DUT did not
    /// offer.
    public var outcomeStatements: [String] {
        let outcome = self.outcome
        var lines = ["Outcome: " + outcome.headline]
        let unjudged = summary.unjudgedSuites
        if case .nothingJudged = outcome {
        } else if !unjudged.isEmpty {
            lines.append(
                "Nothing judged in " + (unjudged.count == 1 ? "suite " : "suites ")
                    + unjudged.joined(separator: ", ") + ": every case skipped")
        }
        let notOffered = NotOfferedOperation.sentence(summary.notOffered)
        if !notOffered.isEmpty {
            lines.append(notOffered.prefix(1).uppercased() + notOffered.dropFirst())
        }
        return lines
    }

    /// `170 cases, fnv1a64:0123456789abcdef`, or `unknown` for a report without one.
    public var catalogueDescription: String {
        catalogue.map { "\($0.cases) cases, \($0.fingerprint)" } ?? "unknown"
    }
}
