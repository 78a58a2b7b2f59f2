import Conformance
import Rig

/// `junit.xml`: the report in the common JUnit XML shape that CI test views read.
///
/// `<testsuites>` holds one `<testsuite>` per suite (in order of first appearance) with
/// `tests`, `failures`, `errors`, `skipped` and `time`; each case is a `<testcase>` named
/// `id: title` with the suite as `classname`, holding `<failure>`, `<error>` or `<skipped>`
/// with the case's message. Run facts go in each suite's `<properties>`.
public enum JUnitReport {
    /// The whole document, UTF-8 XML 1.0.
    public static func document(_ report: Report) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let summary = report.summary
        let totalTime = report.cases.reduce(0) { $0 + $1.durationMs }
        lines.append(
            "<testsuites"
                + attributes([
                    ("name", "nfcrig " + report.runID), ("tests", "\(summary.total)"),
                    ("failures", "\(summary.fail)"), ("errors", "\(summary.error)"),
                    ("skipped", "\(summary.skip)"),
                    ("time", ReportFormatting.seconds(milliseconds: totalTime)),
                ]) + ">")
        for (suite, cases) in report.casesBySuite {
            lines += testsuite(suite, cases: cases, report: report)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testsuite(_ name: String, cases: [CaseReport], report: Report)
        -> [String]
    {
        let counts = Report.Summary(cases)
        var lines = [
            "  <testsuite"
                + attributes([
                    ("name", name), ("tests", "\(counts.total)"), ("failures", "\(counts.fail)"),
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
        let properties =
            [
                ("run.id", report.runID), ("rig.name", report.rig.name),
                ("rig.file", report.rig.file), ("rig.clock", report.rig.clock),
            ] + (report.rig.profile.map { [("rig.profile", $0)] } ?? [])
            + [
                ("dut.name", report.dut.name), ("dut.firmware", report.dut.firmware),
            ] + (report.dut.isoDEP.map { [("dut.isoDEP", $0.rawValue)] } ?? [])
            + [
                ("nfcrig.version", report.nfcrig.version),
                ("nfcrig.commit", report.nfcrig.commit ?? ""),
                ("run.startedAt", ReportFormatting.timestamp(report.startedAt)),
            ] + report.notes.enumerated().map { ("run.note.\($0.offset + 1)", $0.element) }
        for (key, value) in properties {
            lines.append("      <property" + attributes([("name", key), ("value", value)]) + "/>")
        }
        lines.append("    </properties>")
        for item in cases { lines += testcase(item) }
        lines.append("  </testsuite>")
        return lines
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
