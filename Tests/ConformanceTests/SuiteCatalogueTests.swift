import Foundation
import TagReader
import Testing

@testable import Conformance

/// docs/suites.md is the catalogue the code generates (`nfcrig suites --markdown`): it
/// cannot drift from the cases, and every case states its rule.
@Suite struct SuiteCatalogueTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/suites.md")

    /// The catalogue with the requests of the fault-free run the suites' tests share: the
    /// same rig and reader as `nfcrig suites --markdown` runs. Under ThreadSanitizer that
    /// whole run costs minutes and the text has no concurrency of its own: left to make test.
    @Test(.enabled(if: !CatalogRuns.economical))
    func theCommittedCatalogueIsWhatTheCodeGenerates() async throws {
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        let requests = ConformanceCatalog.requests(of: try await CatalogRuns.results())
        let generated = ConformanceCatalog.markdown(requests: requests)
        let first = zip(committed.split(separator: "\n"), generated.split(separator: "\n"))
            .first { $0 != $1 }
        let advice =
            "docs/suites.md differs from the code (first at \(String(describing: first))); "
            + "run `nfcrig suites --markdown > docs/suites.md`"
        let same = committed == generated
        #expect(same, "\(advice)")
    }

    @Test func everyCaseIsListedOnceWithItsSuiteAndEachProfileColumn() {
        let markdown = ConformanceCatalog.markdown()
        for item in ConformanceCatalog.allCases {
            #expect(markdown.components(separatedBy: "\n| \(item.id) |").count == 2, "\(item.id)")
        }
        #expect(markdown.contains("| ID | checks | rule | nfc-forum | iso14443 | corenfc |"))
        #expect(markdown.contains("## `iso7816` (15 cases)"))
        #expect(markdown.contains("Skipped: ISO/IEC 14443 and 7816-4 define no NDEF mapping"))
    }

    @Test func everyCaseStatesTheRuleItChecksAndWhereThatRuleIsWritten() {
        let sources = ["NFC Forum", "ISO/IEC", "CoreNFC", "Apple", "Android", "DESIGN §", "nfcrig"]
        for item in ConformanceCatalog.allCases {
            #expect(!item.rule.isEmpty, "\(item.id) states no rule")
            #expect(
                sources.contains { item.rule.contains($0) }, "\(item.id): \(item.rule)")
            #expect(!item.title.contains("§"), "\(item.id): the rule goes in `rule`, not the title")
        }
    }

    @Test func everySuiteIsDescribedAboveItsCasesAndFaults() throws {
        let markdown = ConformanceCatalog.markdown()
        for suite in ConformanceCatalog.suiteNames {
            let about = try #require(ConformanceCatalog.about(suite: suite))
            #expect(about.count >= 2, "\(suite): what it checks and how it is judged")
            let section = try #require(
                markdown.components(separatedBy: "## `\(suite)` (").dropFirst().first?
                    .components(separatedBy: "\n## ").first)
            for paragraph in about { #expect(section.contains(paragraph), "\(suite)") }
            for item in ConformanceCatalog.faultCatches(suite: suite) {
                #expect(section.contains("| `\(item.fault)` |"), "\(suite): \(item.fault)")
            }
        }
    }

    @Test func theFaultListNamesFaultsTheReaderTakesAndCasesOfTheCatalog() throws {
        let order = ConformanceCatalog.allCases.map(\.id)
        let faults = ConformanceCatalog.faultCatches.map(\.fault)
        #expect(Set(faults).count == faults.count, "each fault once")
        for item in ConformanceCatalog.faultCatches {
            #expect(throws: Never.self) { try ReaderFaults(parsing: [item.fault]) }
            #expect(!item.fails.isEmpty, "\(item.fault) fails no case")
            let positions = item.fails.compactMap { order.firstIndex(of: $0) }
            #expect(positions.count == item.fails.count, "\(item.fault): \(item.fails)")
            #expect(positions == positions.sorted(), "\(item.fault): in catalog order")
        }
    }

    /// A check that cannot fail is a defect: every case is failed by at least one deliberate
    /// fault of the reference reader (`DUTFaultMatrixTests` shows each fault fails exactly its
    /// cases), and docs/suites.md names them in the case's row.
    @Test func everyCaseIsFailedByAtLeastOneFault() {
        let caught = Set(ConformanceCatalog.faultCatches.flatMap(\.fails))
        let uncaught = ConformanceCatalog.allCases.map(\.id).filter { !caught.contains($0) }
        #expect(uncaught.isEmpty, "no fault fails \(uncaught)")
        for entry in ConformanceCatalog.entries {
            #expect(!entry.failedBy.isEmpty || uncaught.contains(entry.id), "\(entry.id)")
        }
    }

    @Test func theJSONListsEveryCaseWithItsExpectationsByProfile() throws {
        let entries = try #require(
            try JSONSerialization.jsonObject(with: ConformanceCatalog.json()) as? [[String: Any]])
        #expect(entries.count == ConformanceCatalog.allCases.count)
        let invalidWTX = try #require(entries.first { $0["id"] as? String == "ISODEP-E-017" })
        let expected = try #require(invalidWTX["expected"] as? [String: String])
        #expect(Set(expected.keys) == ["nfc-forum", "iso14443", "corenfc"])
        #expect(
            (invalidWTX["rule"] as? String)?.contains(
                "ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension)") == true)
    }
}
