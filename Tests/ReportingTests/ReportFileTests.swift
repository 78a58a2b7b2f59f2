import Foundation
import Testing

@testable import Reporting

@Suite struct ReportFileTests {
    /// The sample report as a mutable JSON object.
    static func sampleObject() throws -> [String: Any] {
        let data = ReportJSON.encode(Report(SampleRuns.run()))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func decode(_ object: [String: Any]) throws(ReportFileError) -> Report {
        // swift-format-ignore: NeverUseForceTry
        let data = try! JSONSerialization.data(withJSONObject: object)
        return try ReportJSON.decode(data, file: "B/report.json")
    }

    static func error(_ body: () throws(ReportFileError) -> Report) -> ReportFileError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func textThatIsNotJSONIsMalformed() {
        let error = Self.error { () throws(ReportFileError) in
            try ReportJSON.decode(Data("{\"schema\": ".utf8), file: "B/report.json")
        }
        guard case .malformedJSON(file: "B/report.json", _) = error else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasPrefix("B/report.json: not valid JSON") == true)
    }

    @Test func aFileWithoutASchemaIsNotAReport() throws {
        var object = try Self.sampleObject()
        object["schema"] = nil
        let error = Self.error { () throws(ReportFileError) in try Self.decode(object) }
        #expect(error == .wrongSchema(file: "B/report.json", found: nil))
        #expect(error?.path == "$.schema")
    }

    @Test func anotherSchemaVersionIsRefusedBeforeAnyOtherCheck() throws {
        let data = Data(#"{"schema": "nfcrig.report/9", "cases": 3}"#.utf8)
        let error = Self.error { () throws(ReportFileError) in
            try ReportJSON.decode(data, file: "B/report.json")
        }
        #expect(error == .wrongSchema(file: "B/report.json", found: "nfcrig.report/9"))
        #expect(
            error?.description
                == "B/report.json: $.schema: \"nfcrig.report/9\" is not \"nfcrig.report/4\" or "
                + "\"nfcrig.report/3\" or \"nfcrig.report/2\" or "
                + "\"nfcrig.report/1\", the schemas this nfcrig reads")
    }

    @Test func aTopLevelArrayIsNotAReport() {
        let error = Self.error { () throws(ReportFileError) in
            try ReportJSON.decode(Data("[1, 2]".utf8), file: "B/report.json")
        }
        #expect(error == .wrongType(file: "B/report.json", path: "$", expected: "an object"))
    }

    @Test func aMissingKeyIsNamedByItsPath() throws {
        var object = try Self.sampleObject()
        var cases = try #require(object["cases"] as? [[String: Any]])
        cases[2]["verdict"] = nil
        object["cases"] = cases
        let error = Self.error { () throws(ReportFileError) in try Self.decode(object) }
        #expect(error == .missingValue(file: "B/report.json", path: "$.cases[2].verdict"))
        #expect(error?.description == "B/report.json: $.cases[2].verdict: missing")
    }

    @Test func aValueOfTheWrongTypeIsNamedByItsPath() throws {
        var object = try Self.sampleObject()
        var cases = try #require(object["cases"] as? [[String: Any]])
        var measurements = try #require(cases[0]["measurements"] as? [String: [String: Any]])
        measurements["readTime.1KiB"]?["p50"] = "fast"
        cases[0]["measurements"] = measurements
        object["cases"] = cases
        let error = Self.error { () throws(ReportFileError) in try Self.decode(object) }
        #expect(
            error
                == .wrongType(
                    file: "B/report.json", path: #"$.cases[0].measurements["readTime.1KiB"].p50"#,
                    expected: "a number"))
    }

    @Test func anUnknownVerdictIsAnInvalidValue() throws {
        var object = try Self.sampleObject()
        var cases = try #require(object["cases"] as? [[String: Any]])
        cases[1]["verdict"] = "maybe"
        object["cases"] = cases
        let error = Self.error { () throws(ReportFileError) in try Self.decode(object) }
        guard case .invalidValue("B/report.json", "$.cases[1].verdict", _) = error else {
            Issue.record(
                "expected invalidValue at $.cases[1].verdict, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [
        ("unit", #""s""#, #"unit "s" is not "ms""#),
        ("count", "0", "count 0 is not positive"),
        ("min", "-1", "-1.0 is not a latency from 0 to 1e12 ms"),
        ("p99", "0.1", "0.1 is below the value before it (0.9)"),
    ])
    func aMeasurementThatMakesNoSenseIsAnInvalidValue(key: String, json: String, reason: String)
        throws
    {
        let value = try JSONSerialization.jsonObject(
            with: Data(json.utf8), options: .fragmentsAllowed)
        var object = try Self.sampleObject()
        var cases = try #require(object["cases"] as? [[String: Any]])
        var measurements = try #require(cases[0]["measurements"] as? [String: [String: Any]])
        measurements["timeToDetect"]?[key] = value
        cases[0]["measurements"] = measurements
        object["cases"] = cases
        let error = Self.error { () throws(ReportFileError) in try Self.decode(object) }
        #expect(
            error
                == .invalidValue(
                    file: "B/report.json", path: "$.cases[0].measurements.timeToDetect.\(key)",
                    reason: reason))
    }

    @Test func loadingAFolderReadsItsReportJSON() throws {
        let folder = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = Report(SampleRuns.run())
        try ReportJSON.encode(report).write(to: folder.appendingPathComponent("report.json"))
        #expect(try ReportFile.load(folder.path) == report)
        #expect(try ReportFile.load(folder.appendingPathComponent("report.json").path) == report)
    }

    @Test func aMissingFileIsUnreadableAndNamed() throws {
        let folder = try SampleRuns.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = folder.appendingPathComponent("report.json").path
        let error = Self.error { () throws(ReportFileError) in try ReportFile.load(folder.path) }
        #expect(error == .unreadable(file: expected, reason: "no such file"))
        #expect(error?.description == "\(expected): cannot be read: no such file")
    }
}
