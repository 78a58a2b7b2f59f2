import Conformance
import Foundation
import Rig
import Testing

@testable import Reporting

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct JUnitReportTests {
    static func parse(_ report: Report) throws -> XMLElement {
        let document = try XMLDocument(xmlString: JUnitReport.document(report), options: [])
        return try #require(document.rootElement())
    }

    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    @Test func thereIsOneTestsuitePerSuiteWithItsCounts() throws {
        let root = try Self.parse(Report(SampleRuns.run()))
        #expect(root.name == "testsuites")
        #expect(Self.attribute(root, "tests") == "4")
        #expect(Self.attribute(root, "failures") == "1")
        #expect(Self.attribute(root, "errors") == "1")
        #expect(Self.attribute(root, "skipped") == "1")
        #expect(Self.attribute(root, "time") == "1.370")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { Self.attribute($0, "name") } == ["ndef-read", "polling"])
        #expect(
            suites.map { suite in
                ["tests", "failures", "errors", "skipped"].map { Self.attribute(suite, $0) }
            }
                == [["2", "1", "0", "0"], ["2", "0", "1", "1"]])
        #expect(suites.map { Self.attribute($0, "time") } == ["0.370", "1.000"])
        #expect(Self.attribute(suites[0], "timestamp") == "2025-03-01T09:30:00")
    }

    @Test func casesAreNamedIdAndTitleWithTheSuiteAsClassname() throws {
        let root = try Self.parse(Report(SampleRuns.run()))
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        #expect(
            cases.map { Self.attribute($0, "name") } == [
                "NDEF-R-001: Reads a URI record", "NDEF-R-002: Reads a Text record",
                "POLL-001: Restarts polling on two tags", "BG-001: Background reading on iOS",
            ])
        #expect(
            cases.map { Self.attribute($0, "classname") }
                == ["ndef-read", "ndef-read", "polling", "polling"])
        #expect(cases.map { Self.attribute($0, "time") } == ["0.250", "0.120", "1.000", "0.000"])
        #expect(cases[0].childCount == 0)
    }

    @Test func failuresErrorsAndSkipsCarryTheirMessages() throws {
        let root = try Self.parse(Report(SampleRuns.run()))
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(Self.attribute(failure, "message") == "expected \"hello\", DUT said \"hell\"")
        #expect(failure.stringValue == "expected \"hello\", DUT said \"hell\"")
        let error = try #require(cases[2].elements(forName: "error").first)
        #expect(Self.attribute(error, "message") == "DUT timed out after 5 s")
        let skipped = try #require(cases[3].elements(forName: "skipped").first)
        #expect(Self.attribute(skipped, "message") == "not an iOS DUT")
    }

    @Test func runFactsArePropertiesOfEachSuite() throws {
        let values = try Self.properties(SampleRuns.run())
        #expect(values["dut.name"] == "Reference PN533")
        #expect(values["dut.firmware"] == "1.6")
        #expect(values["nfcrig.commit"] == "ab21d78")
        #expect(values["run.startedAt"] == "2025-03-01T09:30:00Z")
        #expect(values["rig.profile"] == "nfc-forum")
        // A DUT that does not say who runs its ISO-DEP gets no property for it.
        #expect(values["dut.isoDEP"] == nil)
    }

    @Test func aRunThatJudgedNothingParsesWithAFailingCasePerUnjudgedSuite() throws {
        var run = SampleRuns.run()
        run.cases = run.cases.map {
            var item = $0
            item.verdict = .skip
            item.suite = "a--b-"
            return item
        }
        let root = try Self.parse(Report(run))
        #expect(Self.attribute(root, "failures") == "1")
        let suite = try #require(root.elements(forName: "testsuite").first)
        let added = try #require(suite.elements(forName: "testcase").last)
        #expect(Self.attribute(added, "name") == JUnitReport.nothingJudgedCase)
        let failure = try #require(added.elements(forName: "failure").first)
        #expect(Self.attribute(failure, "type") == "nothingJudged")
        #expect(try Self.properties(run)["run.outcome"] == "nothingJudged")
    }

    @Test func whoRunsTheDUTsISODEPIsAProperty() throws {
        var run = SampleRuns.run()
        run.dut.isoDEP = .host
        #expect(try Self.properties(run)["dut.isoDEP"] == "host")
    }

    /// The properties of the first suite of `run`'s JUnit document, by name.
    static func properties(_ run: RunResult) throws -> [String: String] {
        let root = try parse(Report(run))
        let suite = try #require(root.elements(forName: "testsuite").first)
        let properties = try #require(suite.elements(forName: "properties").first)
            .elements(forName: "property")
        return Dictionary(
            uniqueKeysWithValues: properties.map {
                (attribute($0, "name") ?? "", attribute($0, "value") ?? "")
            })
    }

    @Test func hostileStringsStayWellFormedAndReadBackVisibly() throws {
        let hostile = "say \"hi\" & 'bye' <tag> ]]> \u{0}\u{1B}[31m\u{7}\nline two\r\tend"
        var run = SampleRuns.run(dutName: hostile)
        run.cases[1].message = hostile
        run.cases[1].title = hostile
        run.cases[1].suite = hostile
        let root = try Self.parse(Report(run))
        let suite = try #require(
            root.elements(forName: "testsuite").first {
                Self.attribute($0, "name")?.hasPrefix("say") == true
            })
        let testcase = try #require(suite.elements(forName: "testcase").first)
        let failure = try #require(testcase.elements(forName: "failure").first)
        let visible = "say \"hi\" & 'bye' <tag> ]]> \u{2400}\u{241B}[31m\u{2407}\nline two\r\tend"
        #expect(Self.attribute(failure, "message") == visible)
        #expect(failure.stringValue == visible)
        #expect(Self.attribute(testcase, "name") == "NDEF-R-002: " + visible)
        #expect(Self.attribute(suite, "name") == visible)
    }

    @Test func theDocumentAlsoPassesTheStreamingParser() {
        var run = SampleRuns.run(dutName: "<&>\u{0}")
        run.cases[0].message = "]]>\u{1F}"
        let parser = XMLParser(data: Data(JUnitReport.document(Report(run)).utf8))
        #expect(parser.parse())
        #expect(parser.parserError == nil)
    }
}
