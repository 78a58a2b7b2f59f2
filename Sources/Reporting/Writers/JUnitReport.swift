import Conformance
import Rig

/// `junit.xml`: the report in the common JUnit XML shape that CI test views read.
///
/// `<testsuites>` holds one `<testsuite>` per suite (in order of first appearance) with
/// `tests`, `failures`, `errors`, `skipped` and `time`; each case is a `<testcase>` named
/// `id: title` with the suite as `classname`, holding `<failure>`, `<error>` or `<skipped>`
/// with the case's message. Run facts go in each suite's `<properties>`.
///
/// A run's outcome is stated in a comment before `<testsuites>` and in the `run.outcome`
/// property. A suite whose every case skipped gets one more test case, `nothing judged`,
/// that fails, so that a CI view shows the suite red rather than grey; a run without cases
/// gets a suite `nfcrig` holding that failing case.
public enum JUnitReport {
    /// The name of the failing test case added to a suite that judged nothing.
    public static let nothingJudgedCase = "nothing judged"

    /// The whole document, UTF-8 XML 1.0.
    public static func document(_ report: Report) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        for statement in report.outcomeStatements {
            lines.append("<!-- " + XMLText.comment(statement) + " -->")
        }
        let summary = report.summary
        let totalTime = report.cases.reduce(0) { $0 + $1.durationMs }
        let added = report.cases.isEmpty ? 1 : summary.unjudgedSuites.count
        lines.append(
            "<testsuites"
                + attributes([
                    ("name", "nfcrig " + report.runID), ("tests", "\(summary.total + added)"),
                    ("failures", "\(summary.fail + added)"), ("errors", "\(summary.error)"),
                    ("skipped", "\(summary.skip)"),
                    ("time", ReportFormatting.seconds(milliseconds: totalTime)),
                ]) + ">")
        for (suite, cases) in report.casesBySuite {
            lines += testsuite(suite, cases: cases, report: report)
        }
        if report.cases.isEmpty { lines += testsuite("nfcrig", cases: [], report: report) }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testsuite(_ name: String, cases: [CaseReport], report: Report)
        -> [String]
    {
        let counts = Report.Summary(cases)
        // Every case skipped (or there is none): the suite earned nothing, and says so.
        let unjudged = cases.allSatisfy { $0.verdict == .skip }
        let added = unjudged ? 1 : 0
        var lines = [
            "  <testsuite"
                + attributes([
                    ("name", name), ("tests", "\(counts.total + added)"),
                    ("failures", "\(counts.fail + added)"),
                    ("errors", "\(counts.error)"), ("skipped", "\(counts.skip)"),
                    (
                        "time",
                        ReportFormatting.seconds(
                            milliseconds: cases.reduce(0) { $0 + $1.durationMs })
                    ),
                    // The Ant schema wants a local time without zone; UTC is stated in the
                    // properties instead.
                    ("timestamp", String(ReportFormatting.timestamp(report.startedAt).dropLast())),
                ]) + ">",
            "    <properties>",
        ]
        lines += properties(report).map { key, value in
            "      <property" + attributes([("name", key), ("value", value)]) + "/>"
        }
        lines.append("    </properties>")
        for item in cases { lines += testcase(item) }
        if unjudged {
            let message =
                cases.isEmpty
                ? "the run has no case: nothing was judged"
                : "every case of suite \(name) skipped: nothing was judged"
            lines += [
                "    <testcase"
                    + attributes([
                        ("name", nothingJudgedCase), ("classname", name), ("time", "0.000"),
                    ]) + ">",
                "      <failure"
                    + attributes([("message", message), ("type", "nothingJudged")]) + ">"
                    + XMLText.content(message) + "</failure>",
                "    </testcase>",
            ]
        }
        lines.append("  </testsuite>")
        return lines
    }

    /// The run's facts, by property name, in the order written.
    private static func properties(_ report: Report) -> [(String, String)] {
        let summary = report.summary
        var properties: [(String, String)] = [
            ("run.id", report.runID), ("run.outcome", report.outcome.name),
        ]
        if !summary.unjudgedSuites.isEmpty {
            properties.append(("run.unjudgedSuites", summary.unjudgedSuites.joined(separator: ",")))
        }
        if !summary.notOffered.isEmpty {
            properties.append(("run.notOffered", NotOfferedOperation.sentence(summary.notOffered)))
        }
        properties += [
            ("rig.name", report.rig.name), ("rig.file", report.rig.file),
            ("rig.clock", report.rig.clock),
        ]
        if let profile = report.judgedProfiles { properties.append(("rig.profile", profile)) }
        properties += [("dut.name", report.dut.name), ("dut.firmware", report.dut.firmware)]
        if let isoDEP = report.dut.isoDEP { properties.append(("dut.isoDEP", isoDEP.rawValue)) }
        properties += [
            ("nfcrig.version", report.nfcrig.version),
            ("nfcrig.commit", report.nfcrig.commit ?? ""),
            ("nfcrig.dirty", report.nfcrig.dirty.map { $0 ? "true" : "false" } ?? ""),
            ("catalogue.fingerprint", report.catalogue?.fingerprint ?? ""),
            ("catalogue.cases", report.catalogue.map { "\($0.cases)" } ?? ""),
            ("run.startedAt", ReportFormatting.timestamp(report.startedAt)),
        ]
        properties += report.notes.enumerated().map { ("run.note.\($0.offset + 1)", $0.element) }
        return properties
    }

    private static func testcase(_ item: CaseReport) -> [String] {
        let open =
            "    <testcase"
            + attributes([
                ("name", "\(item.id): \(item.title)"), ("classname", item.suite),
                ("time", ReportFormatting.seconds(milliseconds: item.durationMs)),
            ])
        switch item.verdict {
        case .pass:
            return [open + "/>"]
        case .skip:
            let message = item.message.isEmpty ? "" : attributes([("message", item.message)])
            return [open + ">", "      <skipped\(message)/>", "    </testcase>"]
        case .fail, .error:
            let element = item.verdict == .fail ? "failure" : "error"
            return [
                open + ">",
                "      <\(element)"
                    + attributes([("message", item.message), ("type", item.verdict.rawValue)])
                    + ">" + XMLText.content(item.message) + "</\(element)>",
                "    </testcase>",
            ]
        }
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined()
    }
}
