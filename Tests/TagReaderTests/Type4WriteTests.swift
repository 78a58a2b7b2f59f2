import NDEF
import NFCRigTestSupport
import PN533Sim
import TagFormat
import TagReader
import Testing

/// Writing Type 4 Tags: the tearing-safe order, pieces of at most MLc, the refusals with
/// CoreNFC's error names, and the transition to read-only.
@Suite struct Type4WriteTests {
    let rig = SimulatedReaderRig()

    @Test func aWriteZeroesNLENThenWritesTheDataThenTheLength() async throws {
        let old = TestMessages.uri("https://old.example")
        let new = TestMessages.texts(3)
        let tag = try Type4TestTag(message: TestMessages.bytes(old))
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        let newBytes = TestMessages.bytes(new)
        #expect(tag.storedMessage == newBytes)
        let updates = tag.apdus.filter { $0.ins == 0xD6 }
        #expect(updates.count == 3)
        #expect(updates[0].p1p2 == 0 && updates[0].data == [0x00, 0x00])
        #expect(updates[1].p1p2 == 2 && updates[1].data == newBytes)
        #expect(updates[2].p1p2 == 0 && updates[2].data == [0x00, UInt8(newBytes.count)])
        #expect(
            rig.events.kinds.suffix(2) == [
                .writeStarted(bytes: newBytes.count), .writeCompleted(bytes: newBytes.count),
            ])
    }

    @Test func aMapping3WriteZeroesAndSetsTheFourByteENLEN() async throws {
        let new = TestMessages.texts(2)
        let tag = try Type4TestTag(
            message: [], version: CapabilityContainer.version3, lengthField: .enlen)
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        let updates = tag.apdus.filter { $0.ins == 0xD6 }
        let length = TestMessages.bytes(new).count
        #expect(updates.map(\.p1p2) == [0, 4, 0])
        #expect(updates.first?.data == [0, 0, 0, 0])
        #expect(updates.last?.data == [0, 0, 0, UInt8(length)])
        #expect(tag.storedMessage == TestMessages.bytes(new))
    }

    @Test func writesLongerThanMLcAreSplitIntoPiecesOfAtMostMLc() async throws {
        let new = TestMessages.texts(6)
        let bytes = TestMessages.bytes(new)
        let tag = try Type4TestTag(message: [], mlc: 0x0010)
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        let dataUpdates = tag.apdus.filter { $0.ins == 0xD6 }.dropFirst().dropLast()
        #expect(dataUpdates.allSatisfy { $0.data.count <= 16 })
        #expect(dataUpdates.count == (bytes.count + 15) / 16)
        #expect(tag.storedMessage == bytes)
    }

    @Test func updatesOfMLc255TravelInChainedBlocksAndArriveWhole() async throws {
        let new = TestMessages.filling(1000)
        let tag = try Type4TestTag(message: [], fileSize: 2048)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in
            try await rig.reader.writeNDEF(new)
            return try await rig.reader.readNDEF()
        }
        #expect(read == new)
        #expect(
            tag.apdus.filter { $0.ins == 0xD6 }.map(\.data.count) == [2, 255, 255, 255, 235, 2])
    }

    @Test func aMapping3WriteBeyondOffset7FFFUsesOffsetDataObjects() async throws {
        let new = TestMessages.filling(0x8100)
        let tag = try Type4TestTag(
            message: [], fileSize: 0x9000, version: CapabilityContainer.version3,
            lengthField: .enlen)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in
            try await rig.reader.writeNDEF(new)
            return try await rig.reader.readNDEF()
        }
        #expect(read == new)
        #expect(tag.apdus.contains { $0.ins == 0xD7 })
    }

    @Test func aReadOnlyTagReportsItsStatusAndRefusesWritesAsTagNotWritable() async throws {
        let old = TestMessages.uri("https://read.only")
        let tag = try Type4TestTag(
            message: TestMessages.bytes(old), writeAccess: NDEFFileControl.accessDenied)
        await rig.enter(tag)
        let (status, error) = try await rig.withTag { _ in
            let status = try await rig.reader.queryNDEFStatus()
            let error = await #expect(throws: NFCReaderError.self) {
                try await rig.reader.writeNDEF(TestMessages.texts(1))
            }
            return (status, error)
        }
        #expect(status.status == .readOnly)
        #expect(status.capacity == 1022)
        #expect(error == .tagNotWritable(.writeAccess(0xFF)))
        #expect(error?.coreNFCCode?.name == "ndefReaderSessionErrorTagNotWritable")
        #expect(!tag.apdus.contains { $0.ins == 0xD6 })
        #expect(tag.storedMessage == TestMessages.bytes(old))
    }

    @Test func aMessageLargerThanTheTagIsRefusedAsTagSizeTooSmall() async throws {
        let tag = try Type4TestTag(message: [], fileSize: 64)
        await rig.enter(tag)
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) {
                try await rig.reader.writeNDEF(TestMessages.filling(63))
            }
        }
        #expect(error == .tagSizeTooSmall(messageLength: 63, capacity: 62))
        #expect(error?.coreNFCCode?.value == 402)
        #expect(!tag.apdus.contains { $0.ins == 0xD6 })
    }

    @Test func aMessageExactlyAsLargeAsTheTagIsWritten() async throws {
        let tag = try Type4TestTag(message: [], fileSize: 64)
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(TestMessages.filling(62)) }
        #expect(tag.storedMessage == TestMessages.bytes(TestMessages.filling(62)))
    }

    @Test func aMessageWithoutRecordsIsWrittenAsNLEN0000TheInitializedState() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.filling(40)))
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(NDEFMessage(records: [])) }
        #expect(tag.storedMessage.isEmpty)
        #expect(tag.apdus.contains { $0.ins == 0xD6 })
        #expect(
            rig.events.kinds.suffix(2) == [.writeStarted(bytes: 0), .writeCompleted(bytes: 0)])
    }

    @Test func writeLockSetsTheWriteAccessByteToFFWhenTheTagAllowsIt() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        tag.change { $0.ccWritable = true }
        await rig.enter(tag)
        let (status, error) = try await rig.withTag { _ in
            try await rig.reader.writeLock()
            let status = try await rig.reader.queryNDEFStatus()
            let error = await #expect(throws: NFCReaderError.self) {
                try await rig.reader.writeNDEF(TestMessages.texts(2))
            }
            return (status, error)
        }
        #expect(status.status == .readOnly)
        #expect(tag.capabilityContainer[14] == 0xFF)
        #expect(tag.apdus.contains { $0.ins == 0xD6 && $0.p1p2 == 14 && $0.data == [0xFF] })
        #expect(error == .tagNotWritable(.writeAccess(0xFF)))
    }

    @Test func writeLockOnATagThatProtectsItsCCIsTagNotWritable() async throws {
        let tag = try Type4TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        await rig.enter(tag)
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) { try await rig.reader.writeLock() }
        }
        #expect(error == .tagNotWritable(.lockRefused(.securityStatusNotSatisfied)))
    }

    @Test func writeLockOnAReadOnlyTagIsTagNotWritable() async throws {
        let tag = try Type4TestTag(message: [], writeAccess: 0xFF)
        await rig.enter(tag)
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) { try await rig.reader.writeLock() }
        }
        #expect(error == .tagNotWritable(.writeAccess(0xFF)))
    }
}
