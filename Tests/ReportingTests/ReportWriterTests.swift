import Conformance
import Foundation
import Testing

@testable import Reporting

@Suite struct ReportWriterTests {
    @Test func writingARunCreatesItsFolderWithAllFiveFiles() throws {
        let reports = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        let folder = try ReportWriter.write(SampleRuns.run(id: "run-1"), to: reports)
        #expect(folder.lastPathComponent == "run-1")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["junit.xml", "report.html", "report.json", "report.md", "summary.md"])
        #expect(try ReportFile.load(folder.path) == Report(SampleRuns.run(id: "run-1")))
    }

    @Test func latestIsARelativeLinkRepointedToTheNewestRun() throws {
        let reports = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        let latest = reports.appendingPathComponent("latest").path
        try ReportWriter.write(SampleRuns.run(id: "run-1"), to: reports)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest) == "run-1")
        try ReportWriter.write(SampleRuns.run(id: "run-2"), to: reports)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest) == "run-2")
        #expect(try ReportFile.load(latest).runID == "run-2")
        let entries = try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted()
        #expect(entries == ["latest", "run-1", "run-2"])
    }

    @Test func rewritingARunReplacesItsFiles() throws {
        let reports = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        var run = SampleRuns.run(id: "run-1")
        try ReportWriter.write(run, to: reports)
        run.cases.removeLast()
        try ReportWriter.write(run, to: reports)
        #expect(try ReportFile.load(reports.appendingPathComponent("latest").path).cases.count == 3)
    }

    @Test(arguments: ["", ".", "..", "latest", "a/b"])
    func aRunIDThatCannotNameAFolderIsRefused(id: String) throws {
        let reports = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        #expect(throws: ReportWriteError.invalidRunID(id)) {
            try ReportWriter.write(SampleRuns.run(id: id), to: reports)
        }
    }

    @Test func aLatestThatIsARealFolderIsReportedNotDeleted() throws {
        let reports = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        let latest = reports.appendingPathComponent("latest")
        try FileManager.default.createDirectory(at: latest, withIntermediateDirectories: true)
        let error = #expect(throws: ReportWriteError.self) {
            try ReportWriter.write(SampleRuns.run(id: "run-1"), to: reports)
        }
        guard case .cannotLinkLatest(let path, _) = error else {
            Issue.record("expected cannotLinkLatest, got \(String(describing: error))")
            return
        }
        #expect(path == latest.path)
        let entries = try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted()
        #expect(entries == ["latest", "run-1"])
    }
}
