import Conformance
import Foundation
import Rig
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
                == [
                    "cases", "dut", "latency", "nfcrig", "notes", "rig", "runID", "schema",
                    "startedAt", "summary",
                ])
        #expect(object["schema"] as? String == "nfcrig.report/4")
        #expect(object["startedAt"] as? String == "2025-03-01T09:30:00Z")
        let nfcrig = try #require(object["nfcrig"] as? [String: Any])
        #expect(nfcrig["commit"] as? String == "ab21d78")
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(
            cases[0].keys.sorted()
                == [
                    "durationMs", "id", "measurements", "message", "profile", "series", "suite",
                    "title", "verdict",
                ])
        let measurements = try #require(cases[0]["measurements"] as? [String: [String: Any]])
        let detect = try #require(measurements["timeToDetect"])
        #expect(detect.keys.sorted() == ["count", "max", "min", "p50", "p90", "p99", "unit"])
        #expect(detect["unit"] as? String == "ms")
        #expect(detect["p50"] as? Double == 0.5)
        #expect(text.contains("\"p99\" : 0.99,"))
    }

    @Test func notesAndWhoRunsISODEPReadBackAndAReportWithoutThemStillLoads() throws {
        var run = SampleRuns.run()
        run.notes = ["isodep-errors: these verdicts judge the chip"]
        run.dut.isoDEP = .chip
        let report = Report(run)
        let data = ReportJSON.encode(report)
        let decoded = try ReportJSON.decode(data, file: "report.json")
        #expect(decoded.notes == run.notes)
        #expect(decoded.dut.isoDEP == .chip)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["notes"] = nil
        object["dut"] = ["name": "old", "firmware": "1"]
        let old = try ReportJSON.decode(
            JSONSerialization.data(withJSONObject: object), file: "old.json")
        #expect(old.notes.isEmpty)
        #expect(old.dut.isoDEP == nil)
    }

    @Test func anUnknownISODEPHandlingIsAnErrorNamingItsPath() throws {
        let data = ReportJSON.encode(Report(SampleRuns.run()))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["dut"] = ["name": "odd", "firmware": "1", "isoDEP": "firmware"]
        #expect {
            try ReportJSON.decode(JSONSerialization.data(withJSONObject: object), file: "r.json")
        } throws: { error in
            "\(error)".contains("dut") && "\(error)".contains("isoDEP")
        }
    }

    @Test func theNotesAppearInEveryDocument() throws {
        var run = SampleRuns.run()
        run.notes = ["isodep-errors: these verdicts judge the chip <PN533>"]
        let report = Report(run)
        #expect(MarkdownReport.document(report).contains("## Notes\n\n- isodep-errors: "))
        #expect(
            HTMLReport.document(run).contains(
                "<li>isodep-errors: these verdicts judge the chip &lt;PN533&gt;</li>"))
        #expect(JUnitReport.document(report).contains("name=\"run.note.1\""))
    }

    @Test func anUnknownCommitIsWrittenAsNull() {
        let text = String(decoding: ReportJSON.encode(SampleRuns.report(cases: [])), as: UTF8.self)
        #expect(text.contains("\"commit\" : null"))
    }
}
