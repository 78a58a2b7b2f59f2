import NDEF
import NFCRigTestSupport
import PN533Sim
import TagFormat
import TagReader
import Testing

/// Type 2 Tags through the simulated chip: READ 30 and the TLV walk, the tearing-safe WRITE
/// order, the refusals, and the transition to read-only.
@Suite struct Type2Tests {
    let rig = SimulatedReaderRig()

    @Test func aType2TagIsReadWithReadCommandsUntilTheNDEFTLVIsWhole() async throws {
        let message = TestMessages.uri("https://example.com/t2")
        let tag = try Type2TestTag(message: TestMessages.bytes(message))
        await rig.enter(tag)
        let (type, read) = try await rig.withTag { tag in
            (tag.type, try await rig.reader.readNDEF())
        }
        #expect(type == .type2)
        #expect(read == message)
        #expect(tag.commands == [[0x30, 0x00], [0x30, 0x04], [0x30, 0x08]])
    }

    @Test func aMessageOf255BytesOrMoreIsReadThroughTheThreeByteLength() async throws {
        let message = TestMessages.filling(400)
        let tag = try Type2TestTag(message: TestMessages.bytes(message), dataAreaSize: 496)
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
        #expect(tag.memory[16...17] == [0x03, 0xFF])
    }

    @Test func theWalkJumpsOverLockAndReservedAreasInsideTheMessage() async throws {
        let message = TestMessages.texts(6)
        let lock = try #require(
            Type2LockControl(
                lockBits: Type2DynamicLockBits(position: 48, lockBitCount: 16, bytesLockedPerBit: 8)
            ))
        let reserved = try #require(Type2MemoryControl(position: 64, size: 8))
        let tag = try Type2TestTag(
            message: TestMessages.bytes(message), dataAreaSize: 208, lockControl: lock,
            memoryControls: [reserved])
        tag.change { $0.memory[64..<72] = [0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE] }
        await rig.enter(tag)
        let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
        #expect(read == message)
    }

    @Test func aMessageFillingTheWholeDataAreaIsWrittenAndRead() async throws {
        let capacity = try Type2TagMemory.capacity(dataAreaSize: 144)
        let message = TestMessages.filling(capacity)
        let tag = try Type2TestTag(message: [])
        await rig.enter(tag)
        let read = try await rig.withTag { _ in
            try await rig.reader.writeNDEF(message)
            return try await rig.reader.readNDEF()
        }
        #expect(read == message)
        #expect(tag.storedMessage == TestMessages.bytes(message))
    }

    @Test func aTagRemovedAtEveryCommandOfAReadGivesTagConnectionLost() async throws {
        let bytes = TestMessages.bytes(TestMessages.texts(6))
        let whole = SimulatedReaderRig()
        let wholeTag = try Type2TestTag(message: bytes)
        await whole.enter(wholeTag)
        _ = try await whole.withTag { _ in try await whole.reader.readNDEF() }
        let total = wholeTag.commands.count
        #expect(total > 3)
        for answered in 0..<total {
            let rig = SimulatedReaderRig()
            let tag = try Type2TestTag(message: bytes)
            await rig.enter(tag)
            let error = try await rig.withTag { _ in
                tag.leave(afterCommands: answered)
                return await #expect(throws: NFCReaderError.self) {
                    try await rig.reader.readNDEF()
                }
            }
            guard case .tagConnectionLost = error else {
                Issue.record("after \(answered) commands: \(String(describing: error))")
                continue
            }
            let failed = try #require(
                rig.events.first { if case .readFailed = $0 { true } else { false } })
            #expect(rig.events.first { $0 == .restartPolling } == failed + .milliseconds(500))
        }
    }

    @Test func manyRecordsAndChunkedRecordsComeBackWhole() async throws {
        for (message, chunkSize) in [(TestMessages.texts(25), 0), (TestMessages.filling(300), 64)] {
            let rig = SimulatedReaderRig()
            let tag = try Type2TestTag(
                message: TestMessages.bytes(message, chunkSize: chunkSize), dataAreaSize: 496)
            await rig.enter(tag)
            let read = try await rig.withTag { _ in try await rig.reader.readNDEF() }
            #expect(read == message)
        }
    }

    @Test func anEmptyNDEFTLVIsZeroLengthMessageAndRestartsPolling() async throws {
        await rig.enter(try Type2TestTag(message: []))
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
        }
        #expect(error == .zeroLengthMessage)
        #expect(rig.events.kinds.contains(.restartPolling))
    }

    @Test func theStatusIsReadWriteWithTheCapacityLeftForTheNDEFTLV() async throws {
        let capacity = try Type2TagMemory.capacity(dataAreaSize: 144)
        await rig.enter(try Type2TestTag(message: []))
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        #expect(status.status == .readWrite)
        #expect(status.capacity == capacity)
    }

    @Test func aReadOnlyTagReportsItAndRefusesWrites() async throws {
        let message = TestMessages.uri("https://locked.example")
        let tag = try Type2TestTag(message: TestMessages.bytes(message), readOnly: true)
        await rig.enter(tag)
        let (status, error) = try await rig.withTag { _ in
            (
                try await rig.reader.queryNDEFStatus(),
                await #expect(throws: NFCReaderError.self) {
                    try await rig.reader.writeNDEF(TestMessages.texts(1))
                }
            )
        }
        #expect(status.status == .readOnly)
        #expect(error == .tagNotWritable(.writeAccess(0x0F)))
        #expect(tag.writes.isEmpty)
    }

    @Test func aMessageLargerThanTheTagIsTagSizeTooSmall() async throws {
        let capacity = try Type2TagMemory.capacity(dataAreaSize: 48)
        let tag = try Type2TestTag(message: [], dataAreaSize: 48)
        await rig.enter(tag)
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) {
                try await rig.reader.writeNDEF(TestMessages.filling(capacity + 1))
            }
        }
        #expect(error == .tagSizeTooSmall(messageLength: capacity + 1, capacity: capacity))
        #expect(tag.writes.isEmpty)
    }

    @Test func aTagWithoutTheNDEFMagicNumberIsNotSupported() async throws {
        var memory = try Type2TagMemory(uid: [4, 1, 2, 3, 4, 5, 6], dataAreaSize: 48).bytes
        memory[12] = 0x00
        await rig.enter(try Type2TestTag(memory: memory, uid: [4, 1, 2, 3, 4, 5, 6]))
        let (status, error) = try await rig.withTag { _ in
            (
                try await rig.reader.queryNDEFStatus(),
                await #expect(throws: NFCReaderError.self) { try await rig.reader.readNDEF() }
            )
        }
        #expect(status.status == .notSupported)
        #expect(
            error
                == .ndefNotSupported(
                    .invalidType2CapabilityContainer(.badMagic(offset: 12, value: 0))))
    }

    @Test func aTagWithOnlyATerminatorHasNoNDEFMessageTLV() async throws {
        var memory = try Type2TagMemory(uid: [4, 1, 2, 3, 4, 5, 6], dataAreaSize: 48).bytes
        memory[16...18] = [0xFE, 0x00, 0x00]
        await rig.enter(try Type2TestTag(memory: memory, uid: [4, 1, 2, 3, 4, 5, 6]))
        let status = try await rig.withTag { _ in try await rig.reader.queryNDEFStatus() }
        #expect(status.status == .notSupported && status.capacity == 0)
    }

    @Test func aWriteZeroesTheLengthThenWritesTheDataThenTheLength() async throws {
        let old = TestMessages.bytes(TestMessages.uri("https://old.example"))
        let new = TestMessages.texts(2)
        let newBytes = TestMessages.bytes(new)
        let tag = try Type2TestTag(message: old)
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        #expect(tag.storedMessage == newBytes)
        let writes = tag.writes
        // Block 4 holds T, L and the first data bytes: first with L = 0, last with L.
        #expect(writes.first?.prefix(4) == [0xA2, 0x04, 0x03, 0x00])
        #expect(writes.last?.prefix(4) == [0xA2, 0x04, 0x03, UInt8(newBytes.count)])
        let middle = writes.dropFirst().dropLast()
        #expect(middle.map { Int($0[1]) } == Array(4...((18 + newBytes.count) / 4)))
        #expect(middle.first?.prefix(4) == [0xA2, 0x04, 0x03, 0x00])
    }

    @Test func aWriteNeedingTheThreeByteLengthZeroesItAsFF0000First() async throws {
        let new = TestMessages.filling(300)
        let tag = try Type2TestTag(message: [], dataAreaSize: 496)
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        #expect(tag.writes.first?.prefix(6) == [0xA2, 0x04, 0x03, 0xFF, 0x00, 0x00])
        #expect(tag.writes.last?.prefix(6) == [0xA2, 0x04, 0x03, 0xFF, 0x01, 0x2C])
        #expect(tag.storedMessage == TestMessages.bytes(new))
    }

    @Test func aWriteAroundAReservedAreaLeavesItsBytesAlone() async throws {
        let reserved = try #require(Type2MemoryControl(position: 40, size: 4))
        let tag = try Type2TestTag(message: [], dataAreaSize: 144, memoryControls: [reserved])
        tag.change { $0.memory[40..<44] = [0xAB, 0xCD, 0xEF, 0x01] }
        await rig.enter(tag)
        let new = TestMessages.texts(4)
        let read = try await rig.withTag { _ in
            try await rig.reader.writeNDEF(new)
            return try await rig.reader.readNDEF()
        }
        #expect(read == new)
        #expect(tag.memory[40..<44] == [0xAB, 0xCD, 0xEF, 0x01])
    }

    @Test(arguments: [false, true])
    func aTornWriteNeverLeavesACorruptMessage(applyingTheLast: Bool) async throws {
        let old = TestMessages.bytes(TestMessages.uri("https://old.example/path"))
        let new = TestMessages.bytes(TestMessages.texts(4))
        let whole = SimulatedReaderRig()
        let wholeTag = try Type2TestTag(message: old)
        await whole.enter(wholeTag)
        try await whole.withTag { _ in try await whole.reader.writeNDEF(TestMessages.texts(4)) }
        let total = wholeTag.commands.count
        #expect(wholeTag.storedMessage == new)
        for answered in 0..<total {
            let rig = SimulatedReaderRig()
            let tag = try Type2TestTag(message: old)
            await rig.enter(tag)
            let error = try await rig.withTag { _ -> NFCReaderError? in
                tag.leave(afterCommands: answered, applyingTheLast: applyingTheLast)
                do throws(NFCReaderError) {
                    try await rig.reader.writeNDEF(TestMessages.texts(4))
                    return nil
                } catch {
                    return error
                }
            }
            let stored = tag.storedMessage
            #expect(stored == old || stored == [] || stored == new, "torn after \(answered)")
            guard case .tagConnectionLost = error else {
                Issue.record("torn after \(answered) commands: \(String(describing: error))")
                continue
            }
        }
    }

    @Test func theUnsafeWriteOrderFaultWritesTheLengthWithTheFirstBlock() async throws {
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(faults: ReaderFaults(unsafeWriteOrder: true)))
        let new = TestMessages.texts(2)
        let tag = try Type2TestTag(message: TestMessages.bytes(TestMessages.uri("https://a.b")))
        await rig.enter(tag)
        try await rig.withTag { _ in try await rig.reader.writeNDEF(new) }
        let length = UInt8(TestMessages.bytes(new).count)
        #expect(tag.writes.first?.prefix(4) == [0xA2, 0x04, 0x03, length])
        #expect(tag.writes.map { Int($0[1]) } == tag.writes.map { Int($0[1]) }.sorted())
    }

    @Test func writeLockSetsTheCCTheStaticAndTheDynamicLockBits() async throws {
        let tag = try Type2TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        await rig.enter(tag)
        let (status, error) = try await rig.withTag { _ in
            try await rig.reader.writeLock()
            return (
                try await rig.reader.queryNDEFStatus(),
                await #expect(throws: NFCReaderError.self) {
                    try await rig.reader.writeNDEF(TestMessages.texts(2))
                }
            )
        }
        let memory = tag.memory
        #expect(memory[15] == 0x0F)
        #expect(memory[10...11] == [0xFF, 0xFF])
        let lockBits = try #require(Type2DynamicLockBits.defaultBits(dataAreaSize: 144))
        #expect(Array(memory[lockBits.area]) == lockBits.allBitsSet)
        #expect(tag.writes.map { $0[1] } == [3, 2, UInt8(lockBits.position / 4)])
        #expect(status.status == .readOnly)
        #expect(error == .tagNotWritable(.writeAccess(0x0F)))
    }

    @Test func aNAKedWriteIsTagUpdateFailure() async throws {
        // The reference reader refuses a tag its lock bits lock before writing; one that
        // ignores them writes, and the tag NAKs the locked block.
        let rig = SimulatedReaderRig(
            configuration: ReaderConfiguration(faults: ReaderFaults(ignoresLockBits: true)))
        let tag = try Type2TestTag(message: TestMessages.bytes(TestMessages.texts(1)))
        tag.change { $0.memory[10] = 0xF0 }
        await rig.enter(tag)
        let error = try await rig.withTag { _ in
            await #expect(throws: NFCReaderError.self) {
                try await rig.reader.writeNDEF(TestMessages.texts(2))
            }
        }
        guard case .tagUpdateFailure(.nak(let command)) = error else {
            Issue.record("expected a NAK, got \(String(describing: error))")
            return
        }
        #expect(command.prefix(2) == [0xA2, 0x04])
    }
}
