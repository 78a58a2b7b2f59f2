import Conformance
import Foundation
import Rig
import Testing

@testable import Reporting

@Suite struct HTMLReportTests {
    let html = HTMLReport.document(SampleRuns.run())

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func thePageIsSelfContained() {
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<style>"))
        #expect(html.contains("Content-Security-Policy"))
        for external in ["<script", "<link", "src=", "href=", "@import", "url("] {
            #expect(!html.contains(external), "found \(external)")
        }
    }

    @Test func aScriptInTheDUTNameComesOutInert() {
        let hostile = "<script>alert(\"pwned\")</script><img src=x onerror=alert(1)>"
        var run = SampleRuns.run(dutName: hostile)
        run.dut.firmware = "\"><svg onload=alert(2)>"
        run.cases[1].message = "</td><script>steal()</script>"
        run.cases[2].timeline.append(
            TimelineEvent(
                at: .milliseconds(700), source: .dut, kind: "<b>", detail: "</title><script>"))
        run.cases[2].measurements[0].name = "<i>metric</i>"
        let page = HTMLReport.document(run)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<svg onload"))
        #expect(!page.contains("<i>"))
        #expect(page.contains("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;"))
        #expect(page.contains("&quot;&gt;&lt;svg onload=alert(2)&gt;"))
        #expect(page.contains("&lt;/td&gt;&lt;script&gt;steal()&lt;/script&gt;"))
        #expect(page.contains("&lt;b&gt; at 700.000 ms (DUT): &lt;/title&gt;&lt;script&gt;"))
    }

    @Test func controlCharactersFromTheDUTAreShownNotPassedOn() {
        let page = HTMLReport.document(SampleRuns.run(dutName: "evil\u{0}\u{1B}"))
        #expect(page.contains("evil\u{2400}\u{241B}"))
        #expect(!page.unicodeScalars.contains("\u{0}"))
    }

    @Test func eachMeasuredMetricHasAHistogramWithP50AndP99Marked() {
        // NDEF-R-001's 100 detections: the run's histogram and the case's own. POLL-001
        // errored: its restart intervals stay in its series but out of the run's summary.
        #expect(Self.occurrences(of: "<svg class=\"histogram\"", in: html) == 2)
        #expect(Self.occurrences(of: "<line class=\"mark p50\"", in: html) == 2)
        #expect(Self.occurrences(of: "<line class=\"mark p99\"", in: html) == 2)
        #expect(html.contains(">p50 0.500 ms</text>"))
        #expect(html.contains(">p99 0.990 ms</text>"))
        #expect(!html.contains(">p50 502.015 ms</text>"))
    }

    @Test func histogramBarsCountEverySample() throws {
        let svg = LatencyHistogramSVG(
            samples: (1...100).map { UInt64($0 * 10) },
            summary: try #require(
                MeasurementSummary(samples: (1...100).map { .microseconds($0 * 10) })),
            label: "x"
        ).render()
        let counts = svg.components(separatedBy: " ms: ").dropFirst().compactMap {
            Int($0.prefix { $0.isNumber })
        }
        #expect(counts.count == 24)
        #expect(counts.reduce(0, +) == 100)
    }

    @Test func aMetricWithOneDistinctValueStillDrawsOneBar() throws {
        let svg = LatencyHistogramSVG(
            samples: [5000, 5000],
            summary: try #require(MeasurementSummary(samples: [.milliseconds(5)])),
            label: "x"
        ).render()
        #expect(Self.occurrences(of: "<rect ", in: svg) == 1)
        #expect(svg.contains("p50 5.000 ms"))
    }

    @Test func casesWithEventsGetATimelineWithLanesAndMarkers() {
        #expect(Self.occurrences(of: "<svg class=\"timeline\"", in: html) == 1)
        #expect(html.contains(">RF</text>"))
        #expect(html.contains(">DUT</text>"))
        for kind in ["poll", "multipleTags", "restartPolling", "activation", "fieldOff", "other"] {
            #expect(html.contains("<g class=\"event \(kind)\"><title>"), "no \(kind) marker")
        }
        #expect(html.contains("<title>restartPolling at 4.000 ms (DUT)</title>"))
        #expect(html.contains("<title>multipleTags at 3.000 ms (RF): tag-a, tag-b</title>"))
    }

    @Test func everyCaseIsListedWithItsVerdict() {
        for id in ["NDEF-R-001", "NDEF-R-002", "POLL-001", "BG-001"] {
            #expect(html.contains("<td><code>\(id)</code></td>"))
        }
        #expect(html.contains("<span class=\"verdict fail\">fail</span>"))
    }

    @Test func thePageParsesAsWellFormedMarkup() {
        // Not a full HTML check: proves every tag the writer opens is closed and escaped.
        let body = html.replacingOccurrences(of: "<!DOCTYPE html>\n", with: "")
            .replacingOccurrences(of: "<meta charset=\"utf-8\">", with: "<meta charset=\"utf-8\"/>")
            .replacingOccurrences(
                of: #"default-src 'none'; style-src 'unsafe-inline'; img-src data:">"#,
                with: #"default-src 'none'; style-src 'unsafe-inline'; img-src data:"/>"#
            )
            .replacingOccurrences(of: "initial-scale=1\">", with: "initial-scale=1\"/>")
        let parser = XMLParser(data: Data(body.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }
}

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A run's notes name the DUT's stderr log beside the report; the HTML and Markdown reports
/// link it, and only that file.
@Suite struct StderrLogLinkTests {
    static let note =
        "The DUT wrote 3 line(s) on stderr, kept whole with the rig's time and the case in "
        + "dut.stderr.log, beside this report."

    @Test func theHTMLReportLinksTheDUTsStderrLog() {
        var run = SampleRuns.run()
        run.notes.append(Self.note)
        let page = HTMLReport.document(run)
        #expect(page.contains("<a href=\"dut.stderr.log\">dut.stderr.log</a>"))
    }

    @Test func theMarkdownReportLinksTheDUTsStderrLog() {
        var run = SampleRuns.run()
        run.notes.append(Self.note)
        let markdown = MarkdownReport.document(Report(run))
        #expect(markdown.contains("[dut.stderr.log](dut.stderr.log)"), "\(markdown)")
    }
}
