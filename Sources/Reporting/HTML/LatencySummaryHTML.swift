import AirLimits
import Conformance
import Foundation

/// The top of report.html's latency: the run's summary table, what each metric measures
/// and on which clock, and the plots a person would rather look at than read (read and
/// write times and APDU round trips against their size with the air's floor, the
/// distribution of time to detect, the restart intervals against the rig's window).
///
/// Drawn from the ``Report`` alone (its `latency` and its cases' series), so that a report
/// read back from report.json draws the same.
enum LatencySummaryHTML {
    /// The section; empty when the report has no summary (schema 3 and before) or nothing
    /// was measured.
    static func section(_ report: Report) -> [String] {
        guard let latency = report.latency, !latency.isEmpty else { return [] }
        var parts = ["<section id=\"latency-summary\">", "<h2>Latency summary</h2>"]
        parts += table(latency)
        parts += meanings(latency, clock: report.rig.clock)
        for metric in SizedLatency.metrics {
            parts += sizePlots(metric, report: report)
        }
        parts += distribution(.timeToDetect, report: report, window: nil)
        parts += distribution(
            .restartInterval, report: report, window: report.rig.restartPollingWindowMs)
        parts.append("</section>")
        return parts
    }

    private static func table(_ latency: [MetricLatency]) -> [String] {
        let e = HTMLText.escape
        return [
            "<table class=\"latency\">",
            "<tr><th>Metric</th><th>Samples</th><th>min</th><th>p50</th><th>p90</th>"
                + "<th>p99</th><th>max</th><th>Measured</th></tr>",
        ]
            + latency.map { entry in
                let s = entry.summary
                let cells = [s.min, s.p50, s.p90, s.p99, s.max].map {
                    "<td class=\"number\">\(ReportFormatting.milliseconds($0))</td>"
                }
                return "<tr><td>\(e(entry.metric.title))</td><td class=\"number\">\(s.count)</td>"
                    + cells.joined() + "<td>\(e(entry.metric.observedAt.description))</td></tr>"
            } + [
                "</table>",
                "<p class=\"caption\">Milliseconds, over every passing case of the run.</p>",
            ]
    }

    /// Each metric's endpoints in words; the metric's own text, not the file's, so that a
    /// report read back cannot inject markup or claim other endpoints.
    private static func meanings(_ latency: [MetricLatency], clock: String) -> [String] {
        let e = HTMLText.escape
        return [
            "<p>All times are \(e(MetricLatency.describe(clock: clock))) "
                + "(<code>\(e(clock))</code> clock).</p>",
            "<dl class=\"metrics\">",
        ]
            + latency.map {
                "<dt>\(e($0.metric.title))</dt><dd>\(codeSpans(e($0.metric.endpoints))); "
                    + "\(e($0.metric.observedAt.description)).</dd>"
            } + ["</dl>"]
    }

    /// Backquoted words as `<code>`, in text already escaped.
    static func codeSpans(_ escaped: String) -> String {
        escaped.split(separator: "`", omittingEmptySubsequences: false).enumerated().map {
            $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element)
        }.joined()
    }

    // MARK: Against size

    private static func sizePlots(_ metric: LatencyMetric, report: Report) -> [String] {
        let sized = SizedLatency.series(of: metric, in: report)
        guard !sized.isEmpty else { return [] }
        let e = HTMLText.escape
        var parts: [String] = []
        // One plot per tag type: a Type 2 and a Type 4 read of one size have different floors.
        let groups: [String?] =
            metric == .apduTime
            ? [nil]
            : Array(Set(sized.map(\.conditions.tagType))).sorted { ($0 ?? "~") < ($1 ?? "~") }
        for tagType in groups {
            let group =
                metric == .apduTime ? sized : sized.filter { $0.conditions.tagType == tagType }
            let subject =
                metric.title
                + (metric == .apduTime
                    ? ""
                    : " on "
                        + (tagType.map(MeasurementConditions.tagTypeName) ?? "an unnamed tag type"))
            let sizeName = metric == .apduTime ? "APDU size (command + response)" : "message size"
            parts += [
                "<figure class=\"size-plot\">",
                "<figcaption>\(e(subject)) against \(e(sizeName)), with the air's floor at "
                    + "106, 212 and 424 kbps</figcaption>",
                SizeScatterSVG(
                    points: group.flatMap(points), floors: floors(metric, tagType, group),
                    sizeName: sizeName, label: "\(subject) against \(sizeName)"
                ).render(),
                "</figure>",
            ]
            parts += sizeTable(group)
        }
        return parts
    }

    private static func points(_ series: SizedLatency) -> [SizeScatterSVG.Point] {
        series.samplesMs.map { sample in
            let share = series.floorShare(of: sample).map {
                "; air floor \(ReportFormatting.milliseconds(series.floorMs ?? 0)) ms, "
                    + "\(ReportFormatting.percent(rounded($0))) of this time"
            }
            return SizeScatterSVG.Point(
                bytes: series.bytes, milliseconds: sample,
                bitRateKbps: series.conditions.bitRateKbps,
                title: "\(series.caseID) \(series.name): \(SizeScatterSVG.bytes(series.bytes))"
                    + (series.conditions.bitRateKbps.map { " at \($0) kbps" } ?? "")
                    + ", \(ReportFormatting.milliseconds(sample)) ms"
                    + (share ?? "; no floor (tag type or bit rate not recorded)"))
        }
    }

    /// A share to the tenth of a percent.
    private static func rounded(_ share: Double) -> Double { (share * 1000).rounded() / 1000 }

    /// Each bit rate's floor over the plotted sizes: for reads and writes at the sizes in
    /// the data and between them (the floor steps with every READ a size needs), for APDUs
    /// at each recorded command and response size.
    private static func floors(_ metric: LatencyMetric, _ tagType: String?, _ group: [SizedLatency])
        -> [SizeScatterSVG.Floor]
    {
        AirFrames.bitRatesKbps.compactMap { rate -> SizeScatterSVG.Floor? in
            var points: [(bytes: Int, milliseconds: Double)] = []
            if metric == .apduTime {
                var seen = Set<[Int]>()
                for series in group {
                    let key = [
                        series.conditions.commandBytes ?? 0, series.conditions.responseBytes ?? 0,
                    ]
                    guard seen.insert(key).inserted else { continue }
                    var conditions = series.conditions
                    conditions.bitRateKbps = rate
                    if let floor = SizedLatency.floorMilliseconds(
                        metric, conditions, bytes: series.bytes)
                    {
                        points.append((series.bytes, floor))
                    }
                }
            } else {
                guard tagType.flatMap(NDEFAirLimit.TagType.init) != nil else { return nil }
                let sizes = Set(group.map(\.bytes)).filter { $0 <= SizedLatency.largestFloorBytes }
                guard let smallest = sizes.min(), let largest = sizes.max() else { return nil }
                var all = sizes
                // 48 sizes spread evenly on the log axis between the smallest and largest.
                let low = log2(Double(max(1, smallest)))
                let high = log2(Double(max(1, largest)))
                for step in 0...47 where high > low {
                    all.insert(Int(exp2(low + (high - low) * Double(step) / 47).rounded()))
                }
                let conditions = MeasurementConditions(tagType: tagType, bitRateKbps: rate)
                for bytes in all.sorted() {
                    if let floor = SizedLatency.floorMilliseconds(metric, conditions, bytes: bytes)
                    {
                        points.append((bytes, floor))
                    }
                }
            }
            return points.isEmpty ? nil : SizeScatterSVG.Floor(bitRateKbps: rate, points: points)
        }
    }

    private static func sizeTable(_ group: [SizedLatency]) -> [String] {
        let e = HTMLText.escape
        let rows = group.map { series in
            let c = series.conditions
            let median = series.medianMs
            let cells = [
                "<code>\(e(series.caseID))</code>", "<code>\(e(series.name))</code>",
                e(c.tagType.map(MeasurementConditions.tagTypeName) ?? "—"),
                c.bitRateKbps.map { "\($0)" } ?? "—",
                SizeScatterSVG.bytes(series.bytes), "\(series.samplesMs.count)",
                ReportFormatting.milliseconds(median),
                series.floorMs.map(ReportFormatting.milliseconds) ?? "—",
                series.floorShare(of: median).map { ReportFormatting.percent(rounded($0)) } ?? "—",
            ]
            return "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
        }
        // Folded: a run has a row per case here, and the summary is read at a glance first.
        return [
            "<details class=\"sizes\"><summary>\(group.count) series: each case's median "
                + "against its floor</summary>",
            "<table class=\"sizes\">",
            "<tr><th>Case</th><th>Series</th><th>Tag</th><th>kbps</th><th>Size</th>"
                + "<th>Samples</th><th>p50 (ms)</th><th>Air floor (ms)</th>"
                + "<th>Floor / p50</th></tr>",
        ] + rows + ["</table>", "</details>"]
    }

    // MARK: Distributions

    private static func distribution(
        _ metric: LatencyMetric, report: Report, window: MillisecondWindow?
    ) -> [String] {
        guard let entry = report.latency?.first(where: { $0.metric == metric }) else { return [] }
        let samples = report.cases.flatMap { $0.series ?? [] }.filter { $0.metric == metric }
            .flatMap(\.samplesMicroseconds).map { UInt64(max(0, $0)) }
        guard !samples.isEmpty else { return [] }
        let e = HTMLText.escape
        let windowMicros = window.map {
            UInt64(
                Microseconds.of(milliseconds: $0.from))...UInt64(
                    Microseconds.of(milliseconds: $0.to))
        }
        let caption =
            "\(metric.title): \(samples.count) samples over the run"
            + (window.map {
                ", against the rig's window of \(ReportFormatting.milliseconds($0.from))–"
                    + "\(ReportFormatting.milliseconds($0.to)) ms (shaded)"
            } ?? "")
        return [
            "<figure class=\"metric\">",
            "<figcaption>\(e(caption))</figcaption>",
            LatencyHistogramSVG(
                samples: samples, summary: entry.summary,
                label: "\(metric.title) over the run", window: windowMicros
            ).render(),
            "</figure>",
        ]
    }
}
