import Foundation
import Rig
import TagReader
import Testing

@testable import Conformance

/// The `iso7816` suite (issue 24): the reference reader passes it under every profile, its
/// APDU round trips are measured per size class, and the profiles differ where ISO/IEC
/// 7816-3 lets a transport layer handle 61XX and 6CXX itself.
@Suite struct ISO7816SuiteTests {
    static func run(_ profile: ReaderProfile, faults: [String] = []) async throws
        -> [CaseResult]
    {
        try await CatalogRuns.judgedAlone([ISO7816Suite.name], under: profile, faults: faults)
    }

    @Test func everyCasePassesWithTheReferenceReaderAndTheRoundTripsAreMeasured() async throws {
        let results = try await CatalogRuns.results(suites: [ISO7816Suite.name])
        #expect(results.count == 15)
        #expect(CatalogRuns.failures(results).isEmpty, "\(CatalogRuns.failures(results))")
        let series = Set(results.flatMap(\.measurements).map(\.name))
        for sizeClass in ["apduTime.<64B", "apduTime.<512B", "apduTime.<4KiB", "apduTime.≥4KiB"] {
            #expect(series.contains(sizeClass), "\(series.sorted())")
        }
    }

    @Test(arguments: [ReaderProfile.coreNFC, .iso14443])
    func underEveryProfileTheReferenceReaderPassesAndEachCaseStatesItsExpectation(
        _ profile: ReaderProfile
    ) async throws {
        let results = try await Self.run(profile)
        #expect(results.count == 15)
        for result in results {
            // iso14443 does not judge CoreNFC's API contracts, and says so.
            guard result.verdict != .skip || profile == .coreNFC else {
                #expect(result.message.contains("CoreNFC's API contract"), "\(result.id)")
                continue
            }
            #expect(result.verdict == .pass, "\(result.id): \(result.message)")
            #expect(result.expected?.isEmpty == false, "\(result.id)")
        }
    }

    @Test func underISO14443AReaderFetchingTheRestOfAnAnswerItselfPasses() async throws {
        let lenient = try await Self.run(.iso14443, faults: ["automatic-get-response"])
        // Under iso14443 the CoreNFC API contracts are not judged; the exchanges pass.
        #expect(lenient.allSatisfy { $0.verdict == .pass || $0.verdict == .skip })
        #expect(lenient.contains { $0.id == "ISO7816-009" && $0.verdict == .pass })
        let strict = try await Self.run(.coreNFC, faults: ["automatic-get-response"])
        let failed = strict.filter { $0.verdict != .pass }
        #expect(failed.map(\.id) == ["ISO7816-009"])
        #expect(
            failed.first?.message
                == "the first part: the DUT returned 200 data bytes and SW 9000, the card "
                + "answered 64 data bytes and SW 6188")
    }
}
