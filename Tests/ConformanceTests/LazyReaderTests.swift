import Conformance
import Foundation
import Rig
import Testing

/// Readers that do no work earn no pass: the whole catalog against each lazy reader around
/// the reference reader passes exactly the cases `ConformanceCatalog.lazyReaders` lists for
/// it (none, where a case needs the work the reader skipped), which docs/suites.md shows.
@Suite struct LazyReaderTests {
    /// The whole catalog run once per kind, shared by the tests that read it.
    private actor Memo {
        private var runs: [LazyReader.Kind: Task<[CaseResult], any Error>] = [:]

        func results(_ kind: LazyReader.Kind) -> Task<[CaseResult], any Error> {
            if let running = runs[kind] { return running }
            let started = Task { try await LazyReaderTests.run(kind) }
            runs[kind] = started
            return started
        }
    }

    private static let memo = Memo()

    /// The whole catalog, run once, against `kind`; failing cases keep their traces.
    static func results(_ kind: LazyReader.Kind) async throws -> [CaseResult] {
        try await memo.results(kind).value
    }

    private static func run(_ kind: LazyReader.Kind) async throws -> [CaseResult] {
        let rig = try await AssembledRig.assemble(
            CatalogRuns.rig, directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        let chip = try #require(rig.readerChip)
        let dut = LazyReader(kind, around: ReferenceDUT(chip: chip, clock: rig.readerClock))
        _ = try await rig.run { try await dut.hello() }
        let results = await ConformanceRunner(
            rig: rig, dut: dut, repeatCount: 1, traceMode: .failing
        ).run(ConformanceCatalog.allCases)
        await rig.run { await dut.close() }
        await rig.close()
        return results
    }

    /// The IDs of the cases that passed the whole catalog against `kind`.
    static func passes(_ kind: LazyReader.Kind) async throws -> Set<String> {
        Set(try await results(kind).filter { $0.verdict == .pass }.map(\.id))
    }

    static let kinds: [LazyReader.Kind] =
        CatalogRuns.economical ? [.refusesEverything, .replaysFirstRead] : LazyReader.Kind.allCases

    /// Under ThreadSanitizer two of them: one that does nothing, one that does real work.
    @Test(arguments: kinds)
    func aLazyReaderPassesOnlyTheCasesTheCatalogueListsForIt(_ kind: LazyReader.Kind)
        async throws
    {
        let listed = try #require(
            ConformanceCatalog.lazyReaders.first { $0.reader == kind.rawValue },
            "\(kind.rawValue) has a row in ConformanceCatalog.lazyReaders")
        let passes = try await Self.passes(kind)
        let extra = passes.subtracting(listed.passes).sorted()
        let missing = listed.passes.subtracting(passes).sorted()
        #expect(
            passes == listed.passes, "\(kind.rawValue) also passes \(extra), and not \(missing)")
    }

    /// A lazy reader fails for what it did not do, and its fail messages name only frames
    /// its trace holds (`FailMessageEvidence`).
    @Test(arguments: kinds)
    func everyFrameALazyReadersFailMessageNamesIsInItsTrace(_ kind: LazyReader.Kind)
        async throws
    {
        let results = try await Self.results(kind)
        #expect(results.count == ConformanceCatalog.allCases.count)
        let unsupported = results.flatMap {
            FailMessageEvidence.unsupportedClaims(of: $0, by: kind.rawValue)
        }
        #expect(unsupported.isEmpty, "\(unsupported.joined(separator: "\n"))")
    }

    @Test func aRunOfIDsStandsForEveryIDInIt() {
        #expect(
            LazyReaderPasses.expand("T2T-L-022…024") == ["T2T-L-022", "T2T-L-023", "T2T-L-024"])
        #expect(LazyReaderPasses.expand("NDEF-R-001") == ["NDEF-R-001"])
    }

    @Test func everyLazyReaderHasARowAndEveryRowAReader() {
        #expect(
            ConformanceCatalog.lazyReaders.map(\.reader)
                == LazyReader.Kind.allCases.map(\.rawValue))
    }
}
