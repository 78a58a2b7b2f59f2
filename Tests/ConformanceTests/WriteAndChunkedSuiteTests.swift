import Foundation
import NDEF
import PN533Sim
import Rig
import TagEmulation
import TagReader
import Testing

@testable import Conformance

/// The `ndef-write` and `chunked` suites on a simulated rig: the reference reader passes
/// them, and each deliberate fault fails exactly the cases written to catch it.
@Suite struct WriteAndChunkedSuiteTests {
    static let suites = [NDEFWriteSuite.name, ChunkedSuite.name]

    static let rig = RigFile(
        name: "test",
        emulators: [.init(id: "tag-a", device: .sim), .init(id: "tag-b", device: .sim)],
        dut: .reference(device: .sim))

    /// The IDs of the cases that did not pass, with their messages (the shared run).
    static func failures(_ faults: ReaderFaults) async throws -> [String: String] {
        let results = try await CatalogRuns.results(faults, suites: suites)
        #expect(results.count == NDEFWriteSuite.cases.count + ChunkedSuite.cases.count)
        return CatalogRuns.failures(results)
    }

    @Test func theReferenceReaderPassesEveryCase() async throws {
        let failures = try await Self.failures(.none)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func anUnsafeWriteOrderFailsExactlyTheTearingCases() async throws {
        let failures = try await Self.failures(ReaderFaults(unsafeWriteOrder: true))
        #expect(Set(failures.keys) == ["NDEF-W-006", "NDEF-W-007", "NDEF-W-008"], "\(failures)")
        for (id, message) in failures {
            #expect(message.hasPrefix("fail: the write is not tearing-safe: "), "\(id)")
        }
    }

    @Test func noChunkReassemblyFailsExactlyTheReassemblyCases() async throws {
        let failures = try await Self.failures(ReaderFaults(noChunkReassembly: true))
        let expected: Set = [
            "CHUNK-001", "CHUNK-002", "CHUNK-003", "CHUNK-004", "CHUNK-005", "CHUNK-006",
        ]
        #expect(Set(failures.keys) == expected, "\(failures)")
        #expect(failures.values.allSatisfy { $0.hasPrefix("fail: ") }, "\(failures)")
    }

    @Test func everyCaseHasAStableUniqueIDAndASentenceTitle() {
        let cases = NDEFWriteSuite.cases + ChunkedSuite.cases
        #expect(Set(cases.map(\.id)).count == cases.count)
        #expect(NDEFWriteSuite.cases.count >= 10)
        #expect(ChunkedSuite.cases.count >= 5)
        for item in cases {
            #expect(item.title.first?.isLowercase == true, "\(item.id)")
            #expect(!item.title.hasSuffix("."), "\(item.id)")
        }
        #expect(ConformanceCatalog.cases(suite: "ndef-write")?.first?.id == "NDEF-W-001")
        #expect(ConformanceCatalog.cases(suite: "chunked")?.first?.id == "CHUNK-001")
    }

    /// The rejection cases, their broken bytes and the rule each breaks.
    static let broken: [(id: String, bytes: [UInt8], rule: String)] = [
        ("CHUNK-007", BrokenChunks.middleChunkWithType, "chunkHasType"),
        ("CHUNK-008", BrokenChunks.missingTerminatingChunk, "unterminatedChunk"),
        ("CHUNK-009", BrokenChunks.chunkWithIL, "chunkHasIdentifier"),
        ("CHUNK-010", BrokenChunks.initialChunkWithME, "messageEndInsideChunk"),
    ]

    @Test func eachBrokenChunkSequenceBreaksItsRule() {
        for row in Self.broken {
            do {
                let message = try NDEFDecoder().decode(row.bytes)
                Issue.record("\(row.id): decoded to \(message.records.count) record(s)")
            } catch {
                #expect(error.rule == row.rule, "\(row.id): \(error)")
            }
        }
    }

    @Test func theChunkedFixturesAreChunkedAndDecodeToTheJSONRecord() throws {
        let three = Fixtures.encode([Fixtures.json(Fixtures.favoriteJSON)], chunkSize: 14)
        let single = Fixtures.encode([Fixtures.json(Fixtures.favoriteJSON)], chunkSize: 1)
        #expect(try NDEFDecoder().decode(three).records.map(\.chunkCount) == [3])
        #expect(
            try NDEFDecoder().decode(single).records.map(\.chunkCount)
                == [Fixtures.favoriteJSON.utf8.count])
    }

    @Test func aDUTReturningTheBrokenBytesAsValidFails() async throws {
        let rig = try await AssembledRig.assemble(Self.rig, directory: URL(fileURLWithPath: "/tmp"))
        for row in Self.broken {
            let item = try #require(ChunkedSuite.cases.first { $0.id == row.id })
            let runner = ConformanceRunner(rig: rig, dut: EchoDUT(bytes: row.bytes), repeatCount: 1)
            let result = await runner.run(item)
            #expect(result.verdict == .fail, "\(row.id): \(result.message)")
        }
        await rig.close()
    }
}

/// The write cases judge by the slot's write history: it must be the presented tag's.
@Suite struct SlotWriteHistoryTests {
    @Test func aType2TagAfterAType4TagHasAType2History() async throws {
        let rig = try await AssembledRig.assemble(
            WriteAndChunkedSuiteTests.rig, directory: URL(fileURLWithPath: "/tmp"))
        let slot = rig.tagSlot(on: rig.emulators[0])
        let atomic = try await rig.run {
            try await slot.present(Fixtures.type4(NDEFWriteSuite.old))
            try await slot.present(Fixtures.type2(NDEFWriteSuite.old))
            let atomic = await slot.writeHistory()?.storage.writesAreAtomic
            await slot.stop()
            return atomic
        }
        // Type 2 WRITEs are atomic, Type 4 UPDATE BINARYs are not.
        #expect(atomic == true)
        await rig.close()
    }
}

/// A DUT that finds one tag and "reads" fixed bytes, whatever the tag holds.
struct EchoDUT: DeviceUnderTest {
    var bytes: [UInt8]

    func hello() async throws(DUTError) -> DUTIdentity { DUTIdentity(name: "echo", firmware: "0") }
    func scan(timeout: Duration) async throws(DUTError) -> DUTScan { DUTScan(tags: ["08000000"]) }
    func read() async throws(DUTError) -> DUTRead {
        DUTRead(status: .readWrite, capacity: 2046, ndef: bytes)
    }
    func write(_ ndef: [UInt8]) async throws(DUTError) {}
    func restartPolling() async throws(DUTError) {}
    func backgroundDispatch() async throws(DUTError) -> String? { nil }
    func takeEvents() async -> [DUTEvent] { [] }
    func close() async {}
}
