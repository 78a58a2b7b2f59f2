import Conformance
import Foundation

/// The five files of a run's report folder, rendered and not yet written.
public struct ReportDocuments: Sendable {
    /// `report.json`.
    public var json: Data
    /// `junit.xml`.
    public var junit: String
    /// `report.md`.
    public var markdown: String
    /// `report.html`.
    public var html: String
    /// `summary.md`, for a CI job's summary.
    public var summary: String

    /// Renders every format of a run.
    public init(_ run: RunResult) {
        let report = Report(run)
        json = ReportJSON.encode(report)
        junit = JUnitReport.document(report)
        markdown = MarkdownReport.document(report)
        html = HTMLReport.document(run, report: report)
        summary = SummaryMarkdown.document(report)
    }

    /// File name and contents, in the order they are written.
    public var files: [(name: String, contents: Data)] {
        [
            (ReportFile.name, json), ("junit.xml", Data(junit.utf8)),
            ("report.md", Data(markdown.utf8)), ("report.html", Data(html.utf8)),
            (SummaryMarkdown.fileName, Data(summary.utf8)),
        ]
    }
}
