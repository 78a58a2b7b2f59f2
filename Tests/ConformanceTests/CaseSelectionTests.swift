import Conformance
import Rig
import Testing

/// `--case` picks among the cases of the selected suites: an ID of another suite is named
/// with its suite, and only an ID the catalogue lacks is called unknown.
@Suite struct CaseSelectionTests {
    static func failure(suites: [String]?, cases: [String]) -> String? {
        do {
            _ = try ConformanceRun.selectCases(
                CatalogRuns.rig, fileName: "conformance-tests.yaml",
                options: .init(suites: suites, caseIDs: cases))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aCaseOfASuiteTheRunDoesNotSelectIsNamedWithItsSuite() {
        #expect(
            Self.failure(suites: ["multi-tag"], cases: ["NDEF-R-001"])
                == "NDEF-R-001 is a case of suite ndef-read, which the run does not select (it "
                + "runs multi-tag); add the suite with --suite, or name no suite")
    }

    @Test func onlyAnIDTheCatalogueLacksIsUnknown() {
        #expect(
            Self.failure(suites: ["multi-tag"], cases: ["MULTI-001", "NDEF-R-999"])
                == "no case has the ID(s) NDEF-R-999")
        #expect(Self.failure(suites: nil, cases: ["NDEF-R-001", "MULTI-001"]) == nil)
    }
}
