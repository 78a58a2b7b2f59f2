import Conformance
import Foundation
import Rig
import Testing

@testable import Reporting

/// Nothing judged is not a pass: the run's outcome, stated first in every report format
/// (issue 32).
@Suite struct RunOutcomeReportTests {
    static func run(_ cases: [(String, String, Verdict, String?)]) -> RunResult {
        RunResult(
            runID: "r", rigName: "sim", rigFile: "Rigs/sim.yaml", clock: "virtual",
            dut: DUTIdentity(name: "lazy", firmware: "0"), nfcrigVersion: "0.1.0",
            commit: "0123456789abcdef0123456789abcdef01234567", startedAt: SampleRuns.startedAt,
            cases: cases.map {
                CaseResult(
                    id: $0.0, suite: $0.1, title: "t", verdict: $0.2,
                    message: $0.3.map { "\($0): the DUT does not offer it" } ?? "",
                    unsupportedOperation: $0.3)
            }, treeDirty: false,
            catalogue: CatalogueFingerprint(fingerprint: "fnv1a64:00000000000000aa", cases: 3))
    }

    static let allSkipped = run([
        ("A-1", "a", .skip, "scan"), ("A-2", "a", .skip, "scan"), ("B-1", "b", .skip, "read"),
    ])

    @Test func aRunWhoseEveryCaseSkippedJudgedNothingInEverySuite() {
        #expect(Self.allSkipped.outcome == .nothingJudged(suites: ["a", "b"]))
        #expect(
            Self.allSkipped.outcome.headline == "NOTHING JUDGED: every case of suites a, b skipped")
        #expect(
            Self.allSkipped.notOffered == [
                NotOfferedOperation(operation: "scan", cases: 2),
                NotOfferedOperation(operation: "read", cases: 1),
            ])
    }

    @Test func aSuiteThatJudgedNothingKeepsTheRunFromPassing() {
        let run = Self.run([("A-1", "a", .pass, nil), ("B-1", "b", .skip, nil)])
        #expect(run.outcome == .nothingJudged(suites: ["b"]))
    }

    @Test func skipsBesideAJudgedCaseInEverySuitePass() {
        let run = Self.run([
            ("A-1", "a", .pass, nil), ("A-2", "a", .skip, nil), ("B-1", "b", .fail, nil),
        ])
        #expect(run.outcome == .failed)
        #expect(Self.run([("A-1", "a", .skip, nil), ("A-2", "a", .pass, nil)]).outcome == .passed)
    }

    @Test func anEmptyRunJudgedNothing() {
        #expect(Self.run([]).outcome == .nothingJudged(suites: []))
    }

    @Test func anErrorOutranksAFailureWhichOutranksNothingJudged() {
        #expect(Self.run([("A-1", "a", .fail, nil), ("B-1", "b", .skip, nil)]).outcome == .failed)
        #expect(
            Self.run([("A-1", "a", .fail, nil), ("B-1", "b", .error, nil)]).outcome == .errored)
    }

    @Test func reportJSONStatesTheOutcomeTheUnjudgedSuitesAndWhatTheDUTDidNotOffer() throws {
        let data = ReportJSON.encode(Report(Self.allSkipped))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? String == "nfcrig.report/4")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["outcome"] as? String == "nothingJudged")
        #expect(summary["unjudgedSuites"] as? [String] == ["a", "b"])
        let notOffered = try #require(summary["notOffered"] as? [[String: Any]])
        #expect(notOffered.map { $0["operation"] as? String } == ["scan", "read"])
        #expect(notOffered.map { $0["cases"] as? Int } == [2, 1])
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(cases.first?["unsupportedOperation"] as? String == "scan")
        let catalogue = try #require(object["catalogue"] as? [String: Any])
        #expect(catalogue["fingerprint"] as? String == "fnv1a64:00000000000000aa")
        #expect(catalogue["cases"] as? Int == 3)
        let nfcrig = try #require(object["nfcrig"] as? [String: Any])
        #expect(nfcrig["dirty"] as? Bool == false)
        #expect(try ReportJSON.decode(data, file: "r.json") == Report(Self.allSkipped))
    }

    @Test func aSchemaOneReportIsReadWithItsOutcomeDerivedAndNoCatalogue() throws {
        let report = Report(Self.allSkipped)
        var object = try #require(
            try JSONSerialization.jsonObject(with: ReportJSON.encode(report)) as? [String: Any])
        object["schema"] = "nfcrig.report/1"
        object["catalogue"] = nil
        var summary = try #require(object["summary"] as? [String: Any])
        for key in ["outcome", "unjudgedSuites", "notOffered"] { summary[key] = nil }
        object["summary"] = summary
        var nfcrig = try #require(object["nfcrig"] as? [String: Any])
        nfcrig["dirty"] = nil
        object["nfcrig"] = nfcrig
        let read = try ReportJSON.decode(
            try JSONSerialization.data(withJSONObject: object), file: "old.json")
        #expect(read.schema == "nfcrig.report/1")
        #expect(read.catalogue == nil)
        #expect(read.nfcrig.dirty == nil)
        #expect(read.summary.outcome == "nothingJudged")
        #expect(read.summary.unjudgedSuites == ["a", "b"])
        #expect(read.summary.notOffered.count == 2)
    }

    @Test func anUnknownOutcomeIsRefusedNamingItsPath() throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: ReportJSON.encode(Report(Self.allSkipped)))
                as? [String: Any])
        var summary = try #require(object["summary"] as? [String: Any])
        summary["outcome"] = "fine"
        object["summary"] = summary
        let data = try JSONSerialization.data(withJSONObject: object)
        do throws(ReportFileError) {
            _ = try ReportJSON.decode(data, file: "x")
            Issue.record("a report with outcome \"fine\" was read")
        } catch {
            #expect(error.description.hasPrefix("x: $.summary.outcome: \"fine\" is not one of"))
        }
    }

    @Test func junitFailsASuiteThatJudgedNothingAndStatesTheOutcomeFirst() {
        let xml = JUnitReport.document(Report(Self.allSkipped))
        let lines = xml.split(separator: "\n").map(String.init)
        #expect(lines[1] == "<!-- Outcome: NOTHING JUDGED: every case of suites a, b skipped -->")
        #expect(
            lines[2]
                == "<!-- The DUT did not offer: scan (2 cases skipped), read (1 case skipped) -->")
        #expect(lines[3].hasPrefix(#"<testsuites name="nfcrig r" tests="5" failures="2""#))
        #expect(xml.contains(#"<property name="run.outcome" value="nothingJudged"/>"#))
        #expect(xml.contains(#"<property name="run.unjudgedSuites" value="a,b"/>"#))
        #expect(
            xml.contains(
                #"<failure message="every case of suite b skipped: nothing was judged" type="nothingJudged">"#
            ))
        #expect(xml.components(separatedBy: #"<testcase name="nothing judged""#).count == 3)
    }

    @Test func junitOfARunThatPassedAddsNoCase() {
        let xml = JUnitReport.document(Report(Self.run([("A-1", "a", .pass, nil)])))
        #expect(!xml.contains("nothing judged"))
        #expect(xml.contains("<!-- Outcome: PASS -->"))
    }

    @Test func markdownAndHTMLStateTheOutcomeFirst() {
        let report = Report(Self.allSkipped)
        let markdown = MarkdownReport.document(report)
        #expect(
            markdown.hasPrefix(
                """
                # nfcrig report r

                **Outcome: NOTHING JUDGED: every case of suites a, b skipped**

                The DUT did not offer: scan (2 cases skipped), read (1 case skipped)

                """))
        #expect(markdown.contains("| **NOTHING JUDGED** | 3 | 0 | 0 | 0 | 3 |"))
        let html = HTMLReport.document(Self.allSkipped)
        #expect(
            html.contains(
                "<p class=\"outcome nothingJudged\">Outcome: NOTHING JUDGED: every case of suites "
                    + "a, b skipped</p><p class=\"outcome-detail\">The DUT did not offer: scan (2 "
                    + "cases skipped), read (1 case skipped)</p></header>"))
    }

    @Test func aPassingRunWithAnUnjudgedSuiteIsNotAPassAndOneThatFailedSaysWhichSuite() {
        let report = Report(Self.run([("A-1", "a", .fail, nil), ("B-1", "b", .skip, nil)]))
        #expect(
            report.outcomeStatements == [
                "Outcome: FAIL", "Nothing judged in suite b: every case skipped",
            ])
    }
}

/// The catalogue's fingerprint: FNV-1a 64 over every case's ID, suite, title and rule.
@Suite struct CatalogueFingerprintTests {
    @Test func theFingerprintIsFNV1a64OfTheJoinedFields() {
        #expect(CatalogueFingerprint(of: []).fingerprint == "fnv1a64:cbf29ce484222325")
        // Computed independently (Python) over the fields each ended by U+001F, then U+001E.
        let one = CatalogueFingerprint(of: [
            ("NDEF-R-001", "ndef-read", "reads a URI record", "NFC Forum T4T §5")
        ])
        #expect(one == CatalogueFingerprint(fingerprint: "fnv1a64:61398114cb4363ba", cases: 1))
    }

    @Test func aChangedRuleOrOrderChangesTheFingerprint() {
        let a = ("A", "s", "t", "rule")
        let b = ("B", "s", "t", "rule")
        let base = CatalogueFingerprint(of: [a, b]).fingerprint
        #expect(CatalogueFingerprint(of: [b, a]).fingerprint != base)
        #expect(CatalogueFingerprint(of: [a, ("B", "s", "t", "rule!")]).fingerprint != base)
        // Fields cannot slide into each other.
        #expect(
            CatalogueFingerprint(of: [("AB", "s", "t", "r")]).fingerprint
                != CatalogueFingerprint(of: [("A", "Bs", "t", "r")]).fingerprint)
    }

    @Test func nfcrigsCatalogueCountsEveryCase() {
        let catalogue = CatalogueFingerprint.catalogue
        #expect(catalogue.cases == ConformanceCatalog.allCases.count)
        #expect(catalogue == CatalogueFingerprint.catalogue)
        #expect(catalogue.fingerprint.count == "fnv1a64:".count + 16)
    }
}
