import Conformance
import Foundation
import Testing

@testable import Reporting

/// `nfcrig gate --html` and `--markdown`: the comparison with a plot per regressed or
/// improved metric, hostile strings kept inert, files written whole or not at all.
@Suite struct GateDocumentTests {
    static let tenSamples = (0..<10).map { 10 + Double($0) / 10 }

    /// A regression (`SLOWER`), an improvement (`FASTER`), noise (`NOISY`), too few samples
    /// (`FEW`) and a verdict regression (`BROKEN`), with `hostileID` as one more regressed
    /// case.
    static func result(hostileID: String = "<b>&\"x\"|*") -> GateResult {
        let samples = tenSamples
        func pair(_ id: String, _ shift: Double, count: Int = 10) -> (CaseReport, CaseReport) {
            let base = Array(samples.prefix(count))
            return (
                GateSamples.sampledCase(id, milliseconds: base),
                GateSamples.sampledCase(id, milliseconds: base.map { $0 + shift })
            )
        }
        let pairs = [
            pair("SLOWER", 2.5), pair("FASTER", -2.5), pair("NOISY", 0.3), pair("FEW", 5, count: 3),
            pair(hostileID, 3),
        ]
        return Gate.compare(
            baseline: SampleRuns.report(
                id: "A",
                cases: pairs.map(\.0) + [
                    CaseReport(id: "BROKEN", suite: "s", title: "t", verdict: .pass)
                ]),
            candidate: SampleRuns.report(
                id: "B",
                cases: pairs.map(\.1) + [
                    CaseReport(id: "BROKEN", suite: "s", title: "t", verdict: .fail)
                ]))
    }

    @Test func theHTMLPageHoldsTheVerdictTheTableAndAPlotPerRegressedOrImprovedMetric() {
        let page = GateHTML.render(GateDocument(.compared(Self.result())))
        #expect(
            page.contains(
                "gate: FAILED: 3 regressions (of 6 changes; 1 latency with too few samples to judge)"
            ))
        #expect(page.components(separatedBy: "<svg class=\"gate-distribution\"").count - 1 == 3)
        #expect(page.contains("<figcaption>SLOWER timeToDetect: REGRESSION</figcaption>"))
        #expect(page.contains("<figcaption>FASTER timeToDetect: improvement</figcaption>"))
        #expect(!page.contains("<figcaption>NOISY"))
        #expect(!page.contains("<figcaption>FEW"))
        #expect(page.contains("<td>+2.500 ms [+2.000, +3.000]</td>"))
        #expect(
            page.contains(
                "<td class=\"assessment notEnoughSamples\">not enough samples to judge</td>"))
        #expect(page.contains("<td>p99 (not judged)</td>"))
        #expect(!page.lowercased().contains("<script"))
    }

    @Test func aHostileCaseIDIsEscapedInTheHTMLAndTheMarkdownAndItsPlotsFileName() {
        let document = GateDocument(.compared(Self.result()))
        let page = GateHTML.render(document)
        #expect(!page.contains("<b>&"))
        #expect(page.contains("&lt;b&gt;&amp;&quot;x&quot;|*"))
        let markdown = GateMarkdown.render(document, plotsFolder: "gate-plots")
        #expect(markdown.text.contains("&lt;b&gt;&amp;\"x\"\\|\\*"))
        #expect(!markdown.text.contains("<b>"))
        #expect(
            markdown.plots.map(\.name) == [
                "01-SLOWER-timeToDetect.svg", "02-FASTER-timeToDetect.svg",
                "03-_b___x___-timeToDetect.svg",
            ])
    }

    @Test func theMarkdownLinksEachPlotAndItsFilesCarryTheirOwnStyles() throws {
        let markdown = GateMarkdown.render(
            GateDocument(.compared(Self.result())), plotsFolder: "my gate-plots")
        #expect(markdown.text.hasPrefix("# nfcrig gate: A vs B\n\n**gate: FAILED: 3 regressions"))
        #expect(
            markdown.text.contains(
                "![SLOWER timeToDetect: REGRESSION: the baseline's samples against the "
                    + "candidate's](my%20gate-plots/01-SLOWER-timeToDetect.svg)"))
        #expect(
            markdown.text.contains(
                "| SLOWER | timeToDetect median | 10.450 ms, n=10 | 12.950 ms, n=10 | "
                    + "+2.500 ms \\[+2.000, +3.000\\] | +23.9% \\[+19.1%, +28.7%\\] | REGRESSION |")
        )
        #expect(
            markdown.text.contains(
                "| median | 10.450 ms | 12.950 ms | +2.500 ms \\[+2.000, +3.000\\] "
                    + "(+23.9% \\[+19.1%, +28.7%\\]) |"))
        #expect(markdown.text.contains("| p99 (not judged) | 10.900 ms | 13.400 ms |   |"))
        let svg = try #require(markdown.plots.first?.svg)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
        #expect(svg.contains("<style>"))
        #expect(!svg.lowercased().contains("<script"))
    }

    @Test func aRefusalDocumentSaysWhyAndShowsBothRuns() {
        let baseline = GateRunFacts(SampleRuns.report(id: "A", cases: [], profile: "nfc-forum"))
        let candidate = GateRunFacts(SampleRuns.report(id: "B", cases: [], profile: "corenfc"))
        let reason = GateRefusal.differentProfiles(baseline: "nfc-forum", candidate: "corenfc")
            .description
        let document = GateDocument(
            .refused(reason: reason, baseline: baseline, candidate: candidate))
        let markdown = GateMarkdown.render(document, plotsFolder: "p")
        #expect(markdown.text.contains("**gate: REFUSED: the runs do not compare**"))
        #expect(markdown.text.contains("| profile | nfc-forum | corenfc |"))
        #expect(markdown.plots.isEmpty)
        let page = GateHTML.render(document)
        #expect(
            page.contains("<p class=\"verdict failed\">gate: REFUSED: the runs do not compare</p>"))
        #expect(page.contains("--allow-different-profile"))
    }

    @Test func thePlotDrawsBothRunsTheLimitsAndTheIntervalOnOneAxis() throws {
        let document = GateDocument(.compared(Self.result()))
        let plot = try #require(document.plots.first)
        let svg = plot.svg.render()
        #expect(svg.contains("<g class=\"bars baseline\">"))
        #expect(svg.contains("<g class=\"bars candidate\">"))
        #expect(svg.contains("median 10.450 ms"))
        #expect(svg.contains("median 12.950 ms"))
        // The band: the larger of 10 % of 10.45 ms and 0.5 ms, either side.
        #expect(svg.contains("the baseline's median ± 1.045 ms"))
        #expect(svg.contains("shift +2.500 ms [+2.000, +3.000]"))
    }

    @Test func filesAreWrittenWholeAndTheMarkdownsPlotsBesideIt() throws {
        let folder = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = GateDocument(.compared(Self.result()))
        let html = folder.appendingPathComponent("gate.html").path
        let markdown = folder.appendingPathComponent("gate.md").path
        try document.write(html: html, markdown: markdown)
        #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).hasPrefix("# nfcrig gate"))
        let plots = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("gate-plots").path
        ).sorted()
        #expect(plots.count == 3)
        // Again, over the files already there.
        try document.write(html: html, markdown: markdown)
    }

    @Test func aPathThatCannotBeWrittenIsAnErrorNamingTheOptionAndThePath() throws {
        let folder = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = GateDocument(.compared(Self.result()))
        let missing = folder.appendingPathComponent("nowhere/gate.html").path
        #expect(
            throws: GateWriteError(
                option: "--html", path: missing,
                reason: "its folder \(folder.appendingPathComponent("nowhere").path) does not exist"
            )
        ) {
            try document.write(html: missing)
        }
        #expect(
            throws: GateWriteError(
                option: "--markdown", path: folder.path, reason: "it is a folder")
        ) {
            try document.write(markdown: folder.path)
        }
        #expect(throws: GateWriteError(option: "--html", path: "", reason: "the path is empty")) {
            try document.write(html: "")
        }
    }
}
