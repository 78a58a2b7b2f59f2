import Foundation
import Testing

@testable import Conformance

/// The requests a case sends the DUT are written down as the runner drives it and listed in
/// the catalogue from a run, so that an adapter's author reads the order it will see.
@Suite struct RequestFlowTests {
    @Test func eachCaseKeepsTheRequestsItsFirstRepetitionSent() async throws {
        let results = try await CatalogRuns.results(suites: ["ndef-write", "multi-tag"])
        let write = try #require(results.first { $0.id == "NDEF-W-001" })
        #expect(write.requests == ["scan", "write", "read"])
        let refusal = try #require(results.first { $0.id == "NDEF-W-009" })
        #expect(refusal.requests == ["scan", "write"])
        // A repeated case keeps one repetition's requests, not both.
        let multi = try #require(results.first { $0.id == "MULTI-001" })
        #expect(multi.requests.first == "scan")
        #expect(multi.requests.count <= 4, "\(multi.requests)")
    }

    @Test func consecutiveIDsAreWrittenAsARun() {
        #expect(
            CaseIDRuns.compress([
                "NDEF-R-001", "NDEF-R-002", "NDEF-R-003", "NDEF-R-005", "NDEF-R-006", "T4T-L-007",
            ]) == ["NDEF-R-001…003", "NDEF-R-005", "NDEF-R-006", "T4T-L-007"])
        #expect(CaseIDRuns.compress([]) == [])
    }

    @Test func aBlockRepeatedThreeTimesOrMoreIsWrittenWithItsCount() {
        #expect(RequestSequence.describe(["scan", "read"]) == "`scan`, `read`")
        #expect(
            RequestSequence.describe(
                Array(repeating: ["scan", "write"], count: 9).flatMap { $0 }
                    + ["scan", "read"]) == "(`scan`, `write`) × 9, `scan`, `read`")
        #expect(
            RequestSequence.describe(["scan", "scan", "scan", "scan"]) == "(`scan`) × 4")
        #expect(
            RequestSequence.describe(["scan", "read", "scan", "read"])
                == "`scan`, `read`, `scan`, `read`")
    }

    @Test func theJSONListingCarriesEachCasesRequests() throws {
        let data = try ConformanceCatalog.json(requests: ["NDEF-R-001": ["scan", "read"]])
        let entries = try #require(
            try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let first = try #require(entries.first { $0["id"] as? String == "NDEF-R-001" })
        #expect(first["requests"] as? [String] == ["scan", "read"])
    }
}
