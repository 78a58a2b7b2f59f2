import AirLimits
import Conformance
import Foundation
import Testing

@testable import Reporting

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The run's latency summary in report.json: figures over every case, what they mean, and
/// a decoder that refuses what a report cannot hold.
@Suite struct LatencySummaryTests {
    private static func series(_ name: String, _ micros: [Int]) -> LatencySeries {
        LatencySeries(name: name, samplesMs: micros.map { Double($0) / 1000 })
    }

    @Test func theSummaryCoversEverySampleOfAMetricAcrossCases() throws {
        // 10, 20, ..., 1000 µs split over two cases and two series: exact below 2.048 ms.
        let cases = [
            CaseReport(
                id: "A", suite: "s", title: "a", verdict: .pass,
                series: [
                    Self.series("timeToDetect", (1...40).map { $0 * 10 }),
                    Self.series("readTime.1KiB", [5000]),
                    Self.series("unknownMetric", [1]),
                ]),
            CaseReport(
                id: "B", suite: "s", title: "b", verdict: .pass,
                series: [Self.series("timeToDetect", (41...100).map { $0 * 10 })]),
        ]
        let report = SampleRuns.report(cases: cases)
        let latency = try #require(report.latency)
        #expect(latency.map(\.metric) == [.timeToDetect, .readTime])
        let detect = latency[0].summary
        #expect(detect.count == 100)
        #expect(detect.min == 0.01)
        #expect(detect.p50 == 0.5)
        #expect(detect.p90 == 0.9)
        #expect(detect.p99 == 0.99)
        #expect(detect.max == 1.0)
        #expect(latency[1].summary.count == 1)
        #expect(latency[1].summary.p50 == 5.0)
    }

    @Test func eachEntrySaysWhatItMeasuresAndOnWhichClock() throws {
        let report = Report(SizedRuns.run())
        let restart = try #require(report.latency?.first { $0.metric == .restartInterval })
        #expect(restart.observedAt == .air)
        #expect(restart.clock == "virtual")
        #expect(restart.title == "restart interval")
        #expect(restart.endpoints.contains("field going off"))
        let read = try #require(report.latency?.first { $0.metric == .readTime })
        #expect(read.observedAt == .dutAnswer)
        #expect(read.summary.count == 7)
        #expect(report.rig.restartPollingWindowMs == MillisecondWindow(from: 450, to: 550))
    }

    @Test func theSummaryAndTheWindowReadBackFromJSON() throws {
        let report = Report(SizedRuns.run())
        let decoded = try ReportJSON.decode(ReportJSON.encode(report), file: "report.json")
        #expect(decoded == report)
    }

    @Test func aSchema4ReportWithoutTheSummaryDerivesItFromTheSeries() throws {
        let report = Report(SizedRuns.run())
        var object = try jsonObject(report)
        object["latency"] = nil
        let decoded = try ReportJSON.decode(
            JSONSerialization.data(withJSONObject: object), file: "report.json")
        #expect(decoded.latency == report.latency)
    }

    @Test func aSchema3ReportHasNoSummary() throws {
        var object = try jsonObject(Report(SizedRuns.run()))
        object["latency"] = nil
        object["schema"] = Report.thirdSchema
        var cases = try #require(object["cases"] as? [[String: Any]])
        for index in cases.indices { cases[index]["series"] = nil }
        object["cases"] = cases
        let decoded = try ReportJSON.decode(
            JSONSerialization.data(withJSONObject: object), file: "old.json")
        #expect(decoded.latency == nil)
        #expect(LatencySummaryHTML.section(decoded).isEmpty)
    }

    /// Each hostile value as JSON text.
    @Test(arguments: [
        ("metric", "\"sundialTime\"", "$.latency[0].metric", "sundialTime"),
        ("clock", "\"sundial\"", "$.latency[0].clock", "sundial"),
        ("observedAt", "\"moon\"", "$.latency[0].observedAt", "moon"),
        ("summary.p50", "-1", "$.latency[0].summary.p50", "-1.0"),
        ("summary.max", "1e300", "$.latency[0].summary.max", "1e12"),
        ("summary.count", "0", "$.latency[0].summary.count", "0"),
    ])
    func aHostileSummaryIsRefusedNamingItsPath(
        key: String, json: String, path: String, quoted: String
    ) throws {
        let value = try JSONSerialization.jsonObject(
            with: Data(json.utf8), options: .fragmentsAllowed)
        var object = try jsonObject(Report(SizedRuns.run()))
        var latency = try #require(object["latency"] as? [[String: Any]])
        if key.hasPrefix("summary.") {
            var summary = try #require(latency[0]["summary"] as? [String: Any])
            summary[String(key.dropFirst("summary.".count))] = value
            latency[0]["summary"] = summary
        } else {
            latency[0][key] = value
        }
        object["latency"] = latency
        let error = try decodingError(object)
        #expect(error.path == path)
        #expect(error.description.contains(quoted), "\(error)")
    }

    @Test func aMetricSummarisedTwiceIsRefused() throws {
        var object = try jsonObject(Report(SizedRuns.run()))
        let latency = try #require(object["latency"] as? [[String: Any]])
        object["latency"] = latency + [latency[0]]
        let error = try decodingError(object)
        #expect(error.path == "$.latency[\(latency.count)]")
        #expect(error.description.contains("summarised twice"))
    }

    @Test func aCaseWhoseSamplesWereStrippedOrCutIsRefused() throws {
        var object = try jsonObject(Report(SizedRuns.run()))
        var cases = try #require(object["cases"] as? [[String: Any]])
        cases[0]["series"] = nil
        object["cases"] = cases
        let stripped = try decodingError(object)
        #expect(stripped.path == "$.cases[0].series")
        #expect(stripped.description.contains("summarises"), "\(stripped)")
        var series = try #require(cases[1]["series"] as? [[String: Any]])
        let first = try #require(series[0]["samplesMs"] as? [Double])
        series[0]["samplesMs"] = Array(first.dropLast())
        cases = try #require(try jsonObject(Report(SizedRuns.run()))["cases"] as? [[String: Any]])
        cases[1]["series"] = series
        object["cases"] = cases
        let cut = try decodingError(object)
        #expect(cut.path == "$.cases[1].series")
        #expect(cut.description.contains("but keeps \(first.count - 1)"), "\(cut)")
    }

    @Test func aWindowThatEndsBeforeItStartsIsRefused() throws {
        var object = try jsonObject(Report(SizedRuns.run()))
        var rig = try #require(object["rig"] as? [String: Any])
        rig["restartPollingWindowMs"] = ["from": 550, "to": 450]
        object["rig"] = rig
        let error = try decodingError(object)
        #expect(error.path == "$.rig.restartPollingWindowMs.to")
    }

    @Test func aHugeMessageSizeGetsNoFloorRatherThanAnEndlessCount() {
        let conditions = MeasurementConditions(
            messageBytes: Int.max, tagType: "type4", bitRateKbps: 106)
        #expect(SizedLatency.floorMilliseconds(.readTime, conditions, bytes: Int.max) == nil)
        let apdu = MeasurementConditions(commandBytes: Int.max, responseBytes: 2)
        #expect(SizedLatency.size(.apduTime, apdu) == nil)
    }

    private func jsonObject(_ report: Report) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: ReportJSON.encode(report)) as? [String: Any])
    }

    private func decodingError(_ object: [String: Any]) throws -> ReportFileError {
        let data = try JSONSerialization.data(withJSONObject: object)
        do {
            _ = try ReportJSON.decode(data, file: "hostile.json")
        } catch {
            return error
        }
        Issue.record("the hostile report was read")
        throw CancellationError()
    }
}

/// The summary's place in report.html and report.md, and its plots.
@Suite struct LatencySummaryDocumentTests {
    let html = HTMLReport.document(SizedRuns.run())
    let markdown = MarkdownReport.document(Report(SizedRuns.run()))

    private func svgs(_ className: String) -> [String] {
        html.components(separatedBy: "<svg class=\"\(className)\"").dropFirst().map {
            "<svg class=\"\(className)\"" + $0.components(separatedBy: "</svg>")[0] + "</svg>"
        }
    }

    @Test func theSummaryComesBeforeTheSuitesInBothDocuments() throws {
        let summary = try #require(html.range(of: "<section id=\"latency-summary\">"))
        let suites = try #require(html.range(of: "<section id=\"suites\">"))
        #expect(summary.lowerBound < suites.lowerBound)
        #expect(html.contains("<td>restart interval</td><td class=\"number\">3</td>"))
        #expect(
            html.contains("simulated time on the rig&#39;s virtual clock")
                || html.contains("simulated time on the rig's virtual clock"))
        #expect(html.contains("from the <code>read</code> request"))
        let mdSummary = try #require(markdown.range(of: "## Latency summary"))
        let mdSuite = try #require(markdown.range(of: "## Suite "))
        #expect(mdSummary.lowerBound < mdSuite.lowerBound)
        // Above 2.048 ms the percentiles are HdrHistogram buckets' tops; min and max exact.
        #expect(markdown.contains("| time to detect | 30 | 20.100 | "))
        #expect(markdown.contains(" | 25.000 | at the DUT's answer |"))
        #expect(markdown.contains("- **restart interval**: from the field going off"))
    }

    @Test func everyPlotIsWellFormedXML() {
        let plots = svgs("scatter") + svgs("histogram")
        #expect(plots.count >= 5)
        for svg in plots {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(String(describing: parser.parserError)): \(svg.prefix(200))")
        }
    }

    @Test func readsWritesAndAPDUsArePlottedAgainstSizeWithAFloorPerBitRate() {
        let scatters = svgs("scatter")
        // Type 4 reads, Type 2 writes, APDUs; the read without conditions is in none.
        #expect(scatters.count == 3)
        for svg in scatters {
            for rate in [106, 212, 424] {
                #expect(svg.contains("<polyline class=\"floor r\(rate)\""), "\(rate)")
            }
        }
        #expect(scatters[0].components(separatedBy: "<circle class=\"point").count - 1 == 6)
        #expect(scatters[0].contains("1 KiB"))
        #expect(scatters[0].contains("message size (log scale)"))
    }

    @Test func eachPointsTooltipGivesItsFloorAndShare() {
        let floor = NDEFAirLimit(
            tagType: .type4, operation: .read, messageBytes: 1024, bitRateKbps: 106
        ).milliseconds
        let share = ReportFormatting.percent(((floor / 120) * 1000).rounded() / 1000)
        #expect(
            html.contains(
                "<title>LAT-R-001 readTime.1KiB: 1 KiB at 106 kbps, 120.000 ms; air floor "
                    + "\(ReportFormatting.milliseconds(floor)) ms, \(share) of this time</title>"))
        // The table row: p50 122 ms of three samples.
        #expect(
            html.contains(
                "<td>Type 4</td><td>106</td><td>1 KiB</td><td>3</td><td>122.000</td><td>"
                    + ReportFormatting.milliseconds(floor) + "</td>"))
    }

    @Test func restartIntervalsAreDrawnAgainstTheRigsWindow() {
        #expect(html.contains("<rect class=\"window\""))
        #expect(
            html.contains("the rig&#39;s window: 450.000–550.000 ms")
                || html.contains("the rig's window: 450.000–550.000 ms"))
    }

    @Test func onlyACaseMetricWithTwentySamplesGetsAHistogram() throws {
        let byCase = try #require(html.components(separatedBy: "<section id=\"latency\">").last)
        // LAT-R-001's 25 detections: a histogram; the 5 of LAT-W-001: a row.
        #expect(byCase.contains("<h3><code>LAT-R-001</code>"))
        #expect(!byCase.contains("<h3><code>LAT-W-001</code>"))
        #expect(
            byCase.contains("<tr><td><code>LAT-W-001</code></td><td><code>timeToDetect</code></td>")
        )
        #expect(HTMLReport.histogramMinimumSamples == 20)
    }
}

/// summary.md: short enough for a CI job's summary whatever the run.
@Suite struct SummaryMarkdownTests {
    @Test func theSummaryHasCountsLatencyFailuresAndLinks() {
        let text = SummaryMarkdown.document(Report(SizedRuns.run()))
        #expect(text.hasPrefix("## nfcrig sized: FAIL\n"))
        #expect(text.contains("| 5 | 4 | 1 | 0 | 0 |"))
        #expect(text.contains("| restart interval | 3 |"))
        #expect(text.contains("- **POLL-R-001** (fail): took 560 ms"))
        #expect(text.contains("[report.html](report.html)"))
    }

    @Test func twoHundredFailingCasesStayFarUnderGitHubsLimitWithoutHTML() {
        let cases = (1...200).map { index in
            CaseReport(
                id: "CASE-\(index)", suite: "s", title: "t", verdict: .fail,
                message: "<b>" + String(repeating: "x", count: 5000),
                series: [
                    LatencySeries(name: "readTime", samplesMs: (1...50).map { Double($0) })
                ])
        }
        let text = SummaryMarkdown.document(SampleRuns.report(cases: cases))
        #expect(text.utf8.count < 16 * 1024)
        #expect(!text.contains("<"))
        #expect(text.contains("- and 170 more: see [report.md](report.md)"))
    }

    @Test func theRunFolderHoldsTheSummary() {
        let documents = ReportDocuments(SizedRuns.run())
        #expect(documents.files.map(\.name).contains("summary.md"))
    }
}
