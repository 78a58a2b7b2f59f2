import NDEF
import NFCRigTestSupport
import PN533Sim
import TagFormat
import TagReader
import Testing

/// Each deliberate fault changes the reader in its one way, and only in that way.
@Suite struct ReaderFaultTests {
    @Test func theRestartDelayFaultRestartsPollingAfterItsDelayInstead() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(
                faults: ReaderFaults(restartDelay: .milliseconds(800))))
        for uid: [UInt8] in [[0x08, 1, 1, 1], [0x08, 2, 2, 2]] {
            await rig.enter(try Type4TestTag(message: [0xD0, 0, 0], uid: uid))
        }
        let result = try await rig.run { try await rig.reader.poll(timeout: .seconds(1)) }
        #expect(result.multipleTagCount == 2)
        let detected = try #require(rig.events.first { $0 == .multipleTags(count: 2) })
        let restarted = try #require(rig.events.first { $0 == .restartPolling })
        #expect(restarted - detected == .milliseconds(800))
    }

    @Test func theRestartDelayFaultAlsoDelaysTheRestartAfterAFailedRead() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(
                faults: ReaderFaults(restartDelay: .milliseconds(800))))
        await rig.enter(try Type4TestTag(message: []))
        try await rig.withTag { _ in _ = try? await rig.reader.readNDEF() }
        let failed = try #require(
            rig.events.first { if case .readFailed = $0 { true } else { false } })
        #expect(rig.events.first { $0 == .restartPolling } == failed + .milliseconds(800))
    }

    @Test func theUnsafeWriteOrderFaultWritesTheLengthFirst() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(faults: ReaderFaults(unsafeWriteOrder: true)))
        let tag = try Type4TestTag(message: [], mlc: 0x0010)
        await rig.enter(tag)
        let message = TestMessages.texts(2)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(message) }
        let bytes = TestMessages.bytes(message)
        let updates = tag.apdus.filter { $0.ins == 0xD6 }
        #expect(updates.first?.p1p2 == 0)
        #expect(updates.first?.data.prefix(2) == [0x00, UInt8(bytes.count)][...])
        #expect(
            updates.map(\.p1p2) == stride(from: 0, to: bytes.count + 2, by: 16).map(UInt16.init))
        #expect(tag.storedMessage == bytes)
    }

    @Test func theNoChunkReassemblyFaultReturnsEveryChunkAsARecord() async throws {
        let message = TestMessages.filling(400)
        let onTag = TestMessages.bytes(message, chunkSize: 100)
        for faults in [ReaderFaults.none, ReaderFaults(noChunkReassembly: true)] {
            let rig = SimulatedReaderRig(configuration: ReaderConfiguration(faults: faults))
            await rig.enter(try Type4TestTag(message: onTag))
            let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
            if faults.noChunkReassembly {
                #expect(read.records.count == 4)
                #expect(read.records.dropFirst().allSatisfy { $0.typeNameFormat == .unchanged })
                #expect(read.records.flatMap(\.payload) == message.records[0].payload)
            } else {
                #expect(read == message)
            }
        }
    }

    @Test func theNoChunkReassemblyFaultStillRejectsInvalidMessages() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(faults: ReaderFaults(noChunkReassembly: true)))
        await rig.enter(try Type4TestTag(message: [0x11, 0x01, 0x01, 0x55, 0x00]))
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
        }
        guard case .invalidMessage(.messageBeginMissing) = error else {
            Issue.record("expected messageBeginMissing, got \(String(describing: error))")
            return
        }
    }

    @Test func theReadsMultipleTagsFaultConnectsToOneOfTwoTagsAndReadsIt() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(faults: ReaderFaults(readsMultipleTags: true)))
        let message = TestMessages.uri("https://one.of.two")
        let tags = try [[0x08, 1, 1, 1], [0x08, 2, 2, 2]].map {
            try Type4TestTag(message: TestMessages.bytes(message), uid: $0)
        }
        for tag in tags { await rig.enter(tag) }
        let (result, read) = try await rig.run {
            let result = try await rig.reader.poll(timeout: .seconds(1))
            return (result, try await rig.reader.readNDEF())
        }
        guard case .tag = result else {
            Issue.record("expected a tag, got \(result)")
            return
        }
        #expect(read == message)
        #expect(!rig.events.kinds.contains(.multipleTags(count: 2)))
        #expect(!rig.events.kinds.contains(.restartPolling))
        #expect(tags.filter { !$0.apdus.isEmpty }.count == 1)
    }

    @Test func theFirstRecordFaultJudgesTheFirstRecordInsteadOfTheFirstURIRecord() throws {
        let message = NDEFMessage(
            records: [
                NDEFRecord.wellKnownTypeTextPayload(string: "hello", locale: "en")!,
                NDEFRecord.wellKnownTypeURIPayload(string: "https://example.com")!,
            ])
        let good = ReaderFaults.none.backgroundReadingVerdict(for: message)
        let faulty = ReaderFaults(firstRecordNotFirstURI: true).backgroundReadingVerdict(
            for: message)
        #expect(good.dispatch && good.recordIndex == 1)
        #expect(!faulty.dispatch)
        let uriFirst = TestMessages.uri("https://example.com")
        #expect(
            ReaderFaults(firstRecordNotFirstURI: true).backgroundReadingVerdict(for: uriFirst)
                == ReaderFaults.none.backgroundReadingVerdict(for: uriFirst))
    }

    @Test func theReaderOffersTheBackgroundReadingHookWithItsFaults() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(faults: ReaderFaults(firstRecordNotFirstURI: true)))
        let message = NDEFMessage(
            records: [.empty, NDEFRecord.wellKnownTypeURIPayload(string: "https://a.bc")!])
        #expect(!rig.reader.backgroundReadingVerdict(for: message).dispatch)
    }

    @Test func faultsParseFromTheirDUTFaultNamesAndBack() throws {
        let specs = [
            "restart-delay=800ms", "unsafe-write-order", "no-chunk-reassembly",
            "reads-multiple-tags", "first-record-not-first-uri",
        ]
        let faults = try ReaderFaults(parsing: specs)
        #expect(
            faults
                == ReaderFaults(
                    restartDelay: .milliseconds(800), unsafeWriteOrder: true,
                    noChunkReassembly: true, readsMultipleTags: true, firstRecordNotFirstURI: true))
        #expect(faults.specs == specs)
        #expect(try ReaderFaults(parsing: ["restart-delay=2s"]).restartDelay == .seconds(2))
        #expect(throws: ReaderFaultError.unknownFault("slow")) {
            try ReaderFaults(parsing: ["slow"])
        }
        #expect(throws: ReaderFaultError.invalidDuration("8x")) {
            try ReaderFaults(parsing: ["restart-delay=8x"])
        }
    }
}
