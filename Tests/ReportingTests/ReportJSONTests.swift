import Foundation
import Testing

@testable import Reporting

@Suite struct ReportJSONTests {
    @Test func aReportReadsBackEqualFromItsJSON() throws {
        let report = Report(SampleRuns.run())
        let decoded = try ReportJSON.decode(ReportJSON.encode(report), file: "report.json")
        #expect(decoded == report)
    }

    @Test func theJSONIsPrettyWithSortedKeysAndTheDocumentedLayout() throws {
        let text = String(decoding: ReportJSON.encode(Report(SampleRuns.run())), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"cases\" : ["))
        #expect(text.hasSuffix("}\n"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(
            object.keys.sorted()
                == ["cases", "dut", "nfcrig", "rig", "runID", "schema", "startedAt", "summary"])
        #expect(object["schema"] as? String == "nfcrig.report/1")
        #expect(object["startedAt"] as? String == "2025-03-01T09:30:00Z")
        let nfcrig = try #require(object["nfcrig"] as? [String: Any])
        #expect(nfcrig["commit"] as? String == "ab21d78")
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(
            cases[0].keys.sorted()
                == ["durationMs", "id", "measurements", "message", "suite", "title", "verdict"])
        let measurements = try #require(cases[0]["measurements"] as? [String: [String: Any]])
        let detect = try #require(measurements["timeToDetect"])
        #expect(detect.keys.sorted() == ["count", "max", "min", "p50", "p90", "p99", "unit"])
        #expect(detect["unit"] as? String == "ms")
        #expect(detect["p50"] as? Double == 0.5)
        #expect(text.contains("\"p99\" : 0.99,"))
    }

    @Test func anUnknownCommitIsWrittenAsNull() {
        let text = String(decoding: ReportJSON.encode(SampleRuns.report(cases: [])), as: UTF8.self)
        #expect(text.contains("\"commit\" : null"))
    }
}
