import Foundation
import Rig
import TagReader
import Testing

@testable import Conformance

/// The `corenfc-session` suite (issue 33): the reference reader's NDEF reader session passes
/// it under `corenfc`, each session fault fails its case, and the other profiles do not
/// judge it.
@Suite struct CoreNFCSessionSuiteTests {
    static func run(_ profile: ReaderProfile, faults: [String] = []) async throws
        -> [CaseResult]
    {
        try await CatalogRuns.judgedAlone(
            [CoreNFCSessionSuite.name], under: profile, faults: faults)
    }

    @Test func everyCasePassesWithTheReferenceReaderUnderCoreNFC() async throws {
        let results = try await Self.run(.coreNFC)
        #expect(results.map(\.id) == (1...5).map { "SESSION-00\($0)" })
        #expect(CatalogRuns.failures(results).isEmpty, "\(CatalogRuns.failures(results))")
    }

    @Test func onlyCoreNFCJudgesTheSuiteAndTheOtherProfilesSayWhy() throws {
        let cases = try #require(ConformanceCatalog.cases(suite: CoreNFCSessionSuite.name))
        #expect(cases.count == 5)
        for sessionCase in cases {
            #expect(Set(sessionCase.profiles) == [.coreNFC], "\(sessionCase.id)")
            #expect(
                sessionCase.expectations?.notJudged.contains("a CoreNFC API contract") == true,
                "\(sessionCase.id)")
        }
    }

    /// Each fault fails exactly its cases, with a message that names what the air showed.
    @Test(arguments: [
        ("ignores-invalidate-after-first-read", ["SESSION-001"], "still ran"),
        ("times-out-early", ["SESSION-002"], "before CoreNFC's 60-second limit"),
        ("polls-after-invalidation", ["SESSION-002", "SESSION-003"], "released"),
        ("reads-after-invalidation", ["SESSION-004"], "received"),
        ("stops-after-first-tag", ["SESSION-005"], "never activated"),
    ])
    func eachSessionFaultFailsItsCases(_ fault: String, _ failing: [String], _ says: String)
        async throws
    {
        let results = try await Self.run(.coreNFC, faults: [fault])
        let failed = results.filter { $0.verdict != .pass }
        #expect(failed.map(\.id) == failing, "\(CatalogRuns.failures(results))")
        #expect(failed.allSatisfy { $0.verdict == .fail }, "\(CatalogRuns.failures(results))")
        #expect(failed.contains { $0.message.contains(says) }, "\(CatalogRuns.failures(results))")
    }
}
