import Conformance
import Foundation
import Rig
import TagReader
import Testing

/// Every suite with each deliberate fault of the reference reader (`--dut-fault`): the fault
/// fails exactly the cases the catalog says catch it, across ALL suites, and nothing else.
@Suite struct DUTFaultMatrixTests {
    static func failing(_ faults: ReaderFaults, under profile: ReaderProfile = .nfcForum)
        async throws -> Set<String>
    {
        let results = try await CatalogRuns.results(faults, profile: profile)
        #expect(results.count >= 40, "at least 40 cases in all")
        #expect(results.contains { $0.suite == "t4t-layout" }, "every suite, t4t-layout too")
        // A case the profile does not judge proves nothing either way.
        return CatalogRuns.failing(
            results.filter { !$0.message.hasPrefix("not checked under the") })
    }

    /// The well-behaved reader fails nothing; each fault fails the cases the catalog lists
    /// for it (`ConformanceCatalog.faultCatches`, which `docs/suites.md` shows).
    static let expectations: [(spec: String, failing: Set<String>, profile: ReaderProfile)] =
        [("", [], .nfcForum)]
        + ConformanceCatalog.faultCatches.map { ($0.fault, Set($0.fails), $0.profile) }

    /// The faults the matrix runs under ThreadSanitizer (`CatalogRuns.economical`): none,
    /// and one for each way a fault changes the reader's code path: its timing, the host's
    /// own ISO-DEP, the chip's ISO-DEP settings, a Type 4 procedure, a Type 2 walk, the ISO
    /// 7816 session.
    static let sample: Set<String> = [
        "", "restart-delay=800ms", "ignores-wtx", "no-chip-recovery", "reads-past-file",
        "first-tlv-only", "status-word-errors",
    ]

    @Test(
        arguments: CatalogRuns.economical
            ? expectations.filter { sample.contains($0.spec) } : expectations)
    func eachFaultFailsExactlyTheCasesThatShouldCatchIt(
        _ spec: String, _ expected: Set<String>, _ profile: ReaderProfile
    ) async throws {
        let faults = try ReaderFaults(parsing: spec.isEmpty ? [] : [spec])
        let failing = try await Self.failing(faults, under: profile)
        let extra = failing.subtracting(expected).sorted()
        let missing = expected.subtracting(failing).sorted()
        #expect(failing == expected, "\(spec) also fails \(extra) and passes \(missing)")
    }
}
