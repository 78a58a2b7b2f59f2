import Conformance
import Foundation
import Rig

/// `report.html`: one self-contained page (inline CSS and SVG, no scripts; only the trace
/// files it links to beside it) with the run's facts, the run's latency summary and its plots
/// (``LatencySummaryHTML``), every suite's cases, each case's latencies (a histogram with
/// p50 and p99 marked where a metric has enough samples, a table row otherwise), a polling
/// timeline per case that recorded events, and the RF trace of every failing case that kept
/// one.
///
/// Every string that a DUT or tag could have produced (names, firmware, messages, event
/// details) and every other string is HTML-escaped; the page's Content-Security-Policy
/// forbids scripts as a second line of defence.
public enum HTMLReport {
    /// The page for a run (the raw samples and timelines are needed for the plots).
    public static func document(_ run: RunResult) -> String {
        document(run, report: Report(run))
    }

    /// The page, given the run's report already summarised.
    static func document(_ run: RunResult, report: Report) -> String {
        let e = HTMLText.escape
        var parts = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta http-equiv=\"Content-Security-Policy\" "
                + "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>nfcrig report \(e(report.runID))</title>",
            "<style>\n\(HTMLStyle.css)\n</style>",
            "</head>",
            "<body>",
            "<header><h1>nfcrig report <code>\(e(report.runID))</code></h1>"
                + outcome(report) + "</header>",
        ]
        parts += runSection(report)
        parts += LatencySummaryHTML.section(report)
        parts += suiteSections(report)
        parts += measurementSection(run, report: report)
        parts += timelineSection(run)
        parts += TraceHTML.section(run)
        parts += [
            "<footer>Written by nfcrig \(e(report.nfcrig.version)). Latency percentiles "
                + "from HdrHistogram (3 significant digits) over samples rounded to "
                + "microseconds.</footer>",
            "</body>",
            "</html>",
        ]
        return parts.joined(separator: "\n") + "\n"
    }

    /// A failing case's link to its trace below, when it kept one.
    /// `escaped` (a note, HTML-escaped) with the name of the DUT's stderr log, which lies
    /// beside the report, made a link to it.
    static func linkingBesideFiles(_ escaped: String) -> String {
        let name = DUTStderrLog.fileName
        return escaped.replacingOccurrences(of: name, with: "<a href=\"\(name)\">\(name)</a>")
    }

    private static func traceLink(_ item: CaseReport) -> String {
        guard item.trace != nil, item.verdict == .fail || item.verdict == .error else {
            return ""
        }
        return " <a href=\"#\(TraceHTML.anchor(item.id))\">trace</a>"
    }

    /// The run's outcome first, coloured, then the unjudged suites and the operations the
    /// DUT did not offer.
    private static func outcome(_ report: Report) -> String {
        let e = HTMLText.escape
        return report.outcomeStatements.enumerated().map { index, line in
            index == 0
                ? "<p class=\"outcome \(report.outcome.name)\">\(e(line))</p>"
                : "<p class=\"outcome-detail\">\(e(line))</p>"
        }.joined()
    }

    private static func verdict(_ verdict: Verdict) -> String {
        "<span class=\"verdict \(verdict.rawValue)\">\(verdict.rawValue)</span>"
    }

    private static func runSection(_ report: Report) -> [String] {
        let e = HTMLText.escape
        let summary = report.summary
        let rows: [(String, String)] =
            [
                (
                    "Rig",
                    "\(e(report.rig.name)) (<code>\(e(report.rig.file))</code>, "
                        + "\(e(report.rig.clock)) clock"
                        + (report.judgedProfiles.map { ", profile \(e($0))" } ?? "") + ")"
                ),
                ("DUT", e(report.dut.name)), ("Firmware", e(report.dut.firmware)),
            ]
            + (report.dut.isoDEP.map { [("ISO-DEP run by", e($0.rawValue))] } ?? [])
            + [
                ("nfcrig", e(report.nfcrig.description)),
                ("Catalogue", e(report.catalogueDescription)),
                ("Started", e(ReportFormatting.timestamp(report.startedAt))),
                (
                    "Cases",
                    "\(summary.total): \(summary.pass) pass, \(summary.fail) fail, "
                        + "\(summary.error) error, \(summary.skip) skip"
                ),
            ]
        let notes =
            report.notes.isEmpty
            ? []
            : ["<ul class=\"notes\">"]
                + report.notes.map { "<li>\(Self.linkingBesideFiles(e($0)))</li>" } + ["</ul>"]
        return ["<section id=\"run\">", "<table class=\"run\">"]
            + rows.map { "<tr><th>\($0.0)</th><td>\($0.1)</td></tr>" }
            + ["</table>"] + notes + ["</section>"]
    }

    private static func suiteSections(_ report: Report) -> [String] {
        let e = HTMLText.escape
        var parts = ["<section id=\"suites\">"]
        for (suite, cases) in report.casesBySuite {
            parts += [
                "<h2>Suite <code>\(e(suite))</code></h2>",
                "<table class=\"cases\">",
                "<tr><th>Case</th><th>Title</th><th>Verdict</th><th>Time (ms)</th>"
                    + "<th>Message</th></tr>",
            ]
            parts += cases.map {
                "<tr><td><code>\(e($0.id))</code></td><td>\(e($0.title))</td>"
                    + "<td>\(verdict($0.verdict))</td><td class=\"number\">"
                    + "\(ReportFormatting.milliseconds($0.durationMs))</td>"
                    + "<td class=\"message\">\(e($0.message))\(traceLink($0))</td></tr>"
            }
            parts.append("</table>")
        }
        parts.append("</section>")
        return parts
    }

    private static func measurementSection(_ run: RunResult, report: Report) -> [String] {
        let e = HTMLText.escape
        let measured = zip(run.cases, report.cases).filter { !$0.1.measurements.isEmpty }
        guard !measured.isEmpty else { return [] }
        var parts = ["<section id=\"latency\">", "<h2>Latency by case</h2>"]
        var rows: [String] = []
        for (result, summaryCase) in measured {
            let samplesByMetric = result.samplesByMetric
            let plotted = summaryCase.metricNames.filter {
                (summaryCase.measurements[$0]?.count ?? 0) >= histogramMinimumSamples
            }
            for name in summaryCase.metricNames where !plotted.contains(name) {
                guard let summary = summaryCase.measurements[name] else { continue }
                rows.append(
                    "<tr><td><code>\(e(result.id))</code></td><td><code>\(e(name))</code></td>"
                        + "<td class=\"number\">\(summary.count)</td>"
                        + [summary.min, summary.p50, summary.p90, summary.p99, summary.max].map {
                            "<td class=\"number\">\(ReportFormatting.milliseconds($0))</td>"
                        }.joined() + "</tr>")
            }
            guard !plotted.isEmpty else { continue }
            parts.append("<h3><code>\(e(result.id))</code> \(e(result.title))</h3>")
            for name in plotted {
                guard let summary = summaryCase.measurements[name] else { continue }
                let samples = (samplesByMetric[name] ?? []).map(Microseconds.of)
                let stats = [summary.min, summary.p50, summary.p90, summary.p99, summary.max]
                    .map(ReportFormatting.milliseconds)
                parts += [
                    "<figure class=\"metric\">",
                    "<figcaption><code>\(e(name))</code>: \(summary.count) "
                        + (summary.count == 1 ? "sample" : "samples") + "; min "
                        + "\(stats[0]), p50 \(stats[1]), p90 \(stats[2]), p99 \(stats[3]), "
                        + "max \(stats[4]) ms</figcaption>",
                    LatencyHistogramSVG(
                        samples: samples, summary: summary,
                        label: "\(result.id) \(name) latency histogram"
                    ).render(),
                    "</figure>",
                ]
            }
        }
        if !rows.isEmpty {
            parts +=
                [
                    "<h3>Too few samples for a histogram</h3>",
                    "<table class=\"latency\">",
                    "<tr><th>Case</th><th>Metric</th><th>Samples</th><th>min</th><th>p50</th>"
                        + "<th>p90</th><th>p99</th><th>max</th></tr>",
                ] + rows + ["</table>"]
        }
        parts.append("</section>")
        return parts
    }

    /// The fewest samples a case's metric needs for a histogram of its own. With 24 bins,
    /// fewer than 20 samples leave most bins empty or at one, and p99 is then the maximum
    /// (it needs 100 samples to differ from it, p90 needs 10): a bar chart would suggest a
    /// shape the data cannot show, where the row's six figures say all there is.
    static let histogramMinimumSamples = 20

    private static func timelineSection(_ run: RunResult) -> [String] {
        let e = HTMLText.escape
        let withEvents = run.cases.filter { !$0.timeline.isEmpty }
        guard !withEvents.isEmpty else { return [] }
        var parts = ["<section id=\"timelines\">", "<h2>Polling timelines</h2>"]
        for result in withEvents {
            let restarts = result.timeline.count { $0.kind == "restartPolling" }
            parts += [
                "<figure class=\"timeline\">",
                "<figcaption><code>\(e(result.id))</code> \(e(result.title)): "
                    + "\(result.timeline.count) events, \(restarts) restartPolling</figcaption>",
                TimelineSVG(
                    events: result.timeline, duration: result.duration,
                    label: "\(result.id) polling timeline"
                ).render(),
                "</figure>",
            ]
        }
        parts.append("</section>")
        return parts
    }
}
