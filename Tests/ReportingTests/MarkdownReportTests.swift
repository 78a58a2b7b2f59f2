import Conformance
import Foundation
import Testing

@testable import Reporting

@Suite struct MarkdownReportTests {
    let markdown = MarkdownReport.document(Report(SampleRuns.run()))

    @Test func theDocumentHasTheRunSummarySuitesFailuresAndMeasurements() {
        #expect(markdown.hasPrefix("# nfcrig report 2025-03-01T093000-sim\n"))
        #expect(markdown.contains("| DUT | Reference PN533 |"))
        #expect(markdown.contains("| **ERROR** | 4 | 1 | 1 | 1 | 1 |"))
        #expect(markdown.contains("## Suite ndef-read"))
        #expect(markdown.contains("## Suite polling"))
        #expect(markdown.contains("| NDEF-R-002 | Reads a Text record | fail | 120.000 |"))
        #expect(markdown.contains("- **POLL-001** (error): DUT timed out after 5 s"))
        #expect(
            markdown.contains(
                "| NDEF-R-001 | timeToDetect | 100 | 0.010 | 0.500 | 0.900 | 0.990 | 1.000 |"))
    }

    @Test func measurementsAreListedByMetricName() throws {
        let first = try #require(markdown.range(of: "| NDEF-R-001 | readTime.1KiB |"))
        let second = try #require(markdown.range(of: "| NDEF-R-001 | timeToDetect |"))
        #expect(first.lowerBound < second.lowerBound)
    }

    @Test func dutStringsCannotBreakTheTablesOrInjectHTML() {
        var run = SampleRuns.run(dutName: "x | y <img src=z>\nnext")
        run.cases[1].message = "a|b"
        let markdown = MarkdownReport.document(Report(run))
        #expect(markdown.contains(#"| DUT | x \| y &lt;img src=z&gt; ↵ next |"#))
        #expect(markdown.contains(#"(fail): a\|b"#))
        #expect(!markdown.contains("<img"))
    }
}
