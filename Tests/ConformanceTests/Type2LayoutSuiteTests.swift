import Conformance
import Foundation
import Rig
import TagReader
import Testing

/// The `t2t-layout` suite on the simulated rig: every case passes with the reference reader,
/// and each Type 2 fault fails its cases with a message naming what the DUT did.
@Suite struct Type2LayoutSuiteTests {
    static func run(_ faults: ReaderFaults = .none) async throws -> [CaseResult] {
        try await CatalogRuns.results(faults, suites: ["t2t-layout"])
    }

    @Test func everyCasePassesWithTheReferenceReader() async throws {
        let results = try await Self.run()
        #expect(results.count == 26)
        for result in results {
            #expect(result.verdict == .pass, "\(result.id): \(result.message)")
        }
        let ids = results.map(\.id)
        #expect(ids == (1...ids.count).map { "T2T-L-" + String(format: "%03d", $0) })
        #expect(results.allSatisfy { $0.suite == "t2t-layout" })
    }

    @Test func theFaultsFailWithTheirEvidence() async throws {
        let firstTLV = try await Self.run(ReaderFaults(firstTLVOnly: true))
        let lockControl = try #require(firstTLV.first { $0.id == "T2T-L-001" })
        #expect(lockControl.message.contains("status notSupported"))
        let oneByte = try await Self.run(ReaderFaults(oneByteTLVLength: true))
        let long = try #require(oneByte.first { $0.id == "T2T-L-011" })
        #expect(long.message.contains("invalidMessage"))
        // Lock bits set under a CC of 00 is no state T2T 1.1 defines: a reader that ignores
        // them reports readWrite and has its write NAKed, and reports that; it passes.
        let locks = try await Self.run(ReaderFaults(ignoresLockBits: true))
        for id in ["T2T-L-019", "T2T-L-020", "T2T-L-022", "T2T-L-023"] {
            let result = try #require(locks.first { $0.id == id })
            #expect(result.verdict == .pass, "\(id): \(result.message)")
        }
        let blind = try await Self.run(ReaderFaults(parsing: ["blind-type2-write"]))
        for id in ["T2T-L-022", "T2T-L-023"] {
            let write = try #require(blind.first { $0.id == id })
            #expect(write.verdict == .fail)
            #expect(
                write.message.hasPrefix(
                    "the DUT reported the write done on a tag whose lock bits lock it; the tag "
                        + "refused WRITE A2"), "\(id): \(write.message)")
            #expect(write.message.hasSuffix("(NAK 0)"), "\(id): \(write.message)")
        }
        let reserved = try await Self.run(ReaderFaults(ignoresMemoryControl: true))
        let around = try #require(reserved.first { $0.id == "T2T-L-002" })
        #expect(around.message.contains("(DUT eeeeeeeeeeeeeeee, tag"))
    }

    /// A reader that checks only a TLV's tag byte against the data area's end (nfcpy 1.0.4)
    /// reads the length of an NDEF TLV cut by that end from past it: the tag NAKs the READ,
    /// the DUT reports an error, and the RF side fails it for the READ.
    @Test func aReaderTakingATLVHeaderFromPastTheDataAreaFailsForTheReadNotTheRefusal()
        async throws
    {
        let results = try await Self.run(ReaderFaults(parsing: ["reads-tlv-header-past-data-area"]))
        let failed = results.filter { $0.verdict != .pass }
        #expect(failed.map(\.id) == ["T2T-L-025", "T2T-L-026"], "\(failed.map(\.message))")
        for result in failed {
            #expect(
                result.message.hasPrefix(
                    "the DUT read block 16, past the data area (blocks 4–15); its READs asked for "
                        + "blocks 0, 4, 8, 12, 16"), "\(result.id): \(result.message)")
        }
    }
}
