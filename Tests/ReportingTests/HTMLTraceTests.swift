import Conformance
import Foundation
import Rig
import TagReader
import Testing

@testable import Reporting

/// A failing case's trace in the HTML and Markdown reports.
@Suite struct HTMLTraceTests {
    /// NDEF-W-006 on a rig like `Rigs/sim.yaml`, with the reference reader writing in the
    /// unsafe order (so that the case fails), traces kept for failing cases.
    static func unsafeWriteRun() async throws -> RunResult {
        let file = RigFile(
            name: "sim",
            emulators: [
                RigFile.Emulator(id: "tag-a", device: .sim),
                RigFile.Emulator(id: "tag-b", device: .sim),
            ],
            dut: .reference(device: .sim))
        return try await ConformanceRun.run(
            file, fileName: "sim.yaml", directory: FileManager.default.temporaryDirectory,
            options: ConformanceRun.Options(
                caseIDs: ["NDEF-W-006", "NDEF-W-001"],
                dutFaults: try ReaderFaults(parsing: ["unsafe-write-order"]),
                traceMode: .failing),
            runID: "html-trace", nfcrigVersion: "test", commit: nil, progress: { _ in })
    }

    @Test func theHTMLReportShowsTheFailingCasesTraceCollapsedWithTheDecidingFrameMarked()
        async throws
    {
        let run = try await Self.unsafeWriteRun()
        #expect(run.cases.map(\.verdict) == [.pass, .fail])
        let html = HTMLReport.document(run)
        #expect(html.contains("<details class=\"trace\" id=\"trace-NDEF-W-006\">"))
        // Collapsed until opened: no `open` attribute.
        #expect(!html.contains("<details class=\"trace\" id=\"trace-NDEF-W-006\" open"))
        #expect(html.contains("<a href=\"traces/NDEF-W-006.pcapng\">"))
        #expect(html.contains("<a href=\"#trace-NDEF-W-006\">trace</a>"))
        let marked = html.split(separator: "\n").filter { $0.contains("class=\"evidence\"") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("UPDATE BINARY offset 0 length 33") == true)
        #expect(marked.first?.contains("the verdict rests on this frame") == true)
        // The passing case kept no trace in `failing` mode.
        #expect(!html.contains("trace-NDEF-W-001"))
        #expect(run.cases[0].trace == nil)
    }

    @Test func theMarkdownReportLinksTheFailingCasesTrace() async throws {
        let markdown = MarkdownReport.document(Report(try await Self.unsafeWriteRun()))
        #expect(markdown.contains("trace: [traces/NDEF-W-006.pcapng](traces/NDEF-W-006.pcapng)"))
    }

    @Test func aLongTraceShowsTheFramesAroundTheMarkedOneOrItsEnd() {
        let limit = TraceHTML.maximumLines
        #expect(TraceHTML.shown(count: 10, around: 3) == 0..<10)
        #expect(TraceHTML.shown(count: limit * 3, around: nil) == limit * 2..<limit * 3)
        #expect(TraceHTML.shown(count: limit * 3, around: limit) == limit / 2..<limit * 3 / 2)
        #expect(TraceHTML.shown(count: limit * 3, around: 2) == 0..<limit)
    }
}
