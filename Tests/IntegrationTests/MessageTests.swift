import NDEF
import NFCRigTestSupport
import Rig
import TagEmulation
import TagReader
import Testing

/// Messages of every shape on every tag kind, read and written by the reference reader
/// through two simulated chips.
@Suite struct MessageTests {
    @Test(arguments: TagKind.allCases)
    func aTagWithOneRecordIsReadBackExactly(kind: TagKind) async throws {
        let bench = try await Bench()
        let (status, read) = try await bench.run(kind.setup(TestMessages.oneRecord)) {
            try await bench.connect()
            let status = try await bench.reader.queryNDEFStatus()
            return (status.status, try await bench.reader.readNDEF())
        }
        #expect(status == .readWrite)
        #expect(read == TestMessages.oneRecord)
        #expect(await bench.commands().count > 3)
    }

    @Test(arguments: TagKind.allCases)
    func anEmptyTagReportsAZeroLengthMessageAndTakesAWrite(kind: TagKind) async throws {
        let bench = try await Bench()
        let (status, error, read) = try await bench.run(kind.setup(bytes: [])) {
            try await bench.connect()
            let status = try await bench.reader.queryNDEFStatus()
            let error = await caught(NFCReaderError.self) { try await bench.reader.readNDEF() }
            // The failed read restarted polling.
            try await bench.connect()
            try await bench.reader.writeNDEF(TestMessages.oneRecord)
            return (status, error, try await bench.reader.readNDEF())
        }
        #expect(status.status == .readWrite)
        #expect(status.capacity > 100)
        #expect(error == .zeroLengthMessage)
        #expect(read == TestMessages.oneRecord)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.initialState == .empty)
        #expect(
            history.finalState
                == .message(
                    TestMessages.oneRecord, bytes: TestMessages.bytes(TestMessages.oneRecord)))
    }

    @Test(arguments: TagKind.allCases)
    func aMessageOfOneEmptyRecordIsReadAsOneEmptyRecord(kind: TagKind) async throws {
        let bench = try await Bench()
        let message = NDEFMessage(NDEFRecord.empty)
        let read = try await bench.readOnce(kind.setup(message))
        #expect(TestMessages.bytes(message) == [0xD0, 0x00, 0x00])
        #expect(read == message)
    }

    @Test(arguments: TagKind.allCases)
    func manyRecordsAreReadAndWrittenEveryOneInOrder(kind: TagKind) async throws {
        let bench = try await Bench()
        let onTag = TestMessages.texts(14)
        let written = TestMessages.texts(9, prefix: "written")
        let (read, reread) = try await bench.run(kind.setup(onTag)) {
            try await bench.readWriteAndReadAgain(written)
        }
        #expect(read == onTag)
        #expect(read.records.count == 14)
        #expect(reread == written)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.finalState == .message(written, bytes: TestMessages.bytes(written)))
        #expect(history.safety == .tearingSafe)
    }

    @Test(arguments: TagKind.allCases)
    func aMessageOfTheFullCapacityFitsButOneByteMoreIsRefusedWithTheTagUnchanged(
        kind: TagKind
    ) async throws {
        let bench = try await Bench()
        let outcome = try await bench.run(kind.setup(TestMessages.oneRecord)) {
            try await bench.connect()
            let capacity = try await bench.reader.queryNDEFStatus().capacity
            let tooLarge = await caught(NFCReaderError.self) {
                try await bench.reader.writeNDEF(TestMessages.filling(capacity + 1))
            }
            let writesAfterRefusal = await bench.slot.writeHistory()?.writes.count
            try await bench.reader.writeNDEF(TestMessages.filling(capacity))
            try await bench.connect()
            return (capacity, tooLarge, writesAfterRefusal, try await bench.reader.readNDEF())
        }
        let (capacity, tooLarge, writesAfterRefusal, read) = outcome
        switch kind {
        case .t4v2: #expect(capacity == 0x0800 - 2)
        case .t4v3: #expect(capacity == 0x0800 - 4)
        // The NDEF TLV with its 3-byte length (4 bytes) in the data area; no room is left
        // for the Terminator TLV, which is optional then.
        case .t2: #expect(capacity == TagKind.type2DataArea - 4)
        }
        #expect(tooLarge == .tagSizeTooSmall(messageLength: capacity + 1, capacity: capacity))
        #expect(writesAfterRefusal == 0)
        #expect(read == TestMessages.filling(capacity))
        #expect(TestMessages.bytes(read).count == capacity)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.safety == .tearingSafe)
        #expect(history.finalState.bytes == TestMessages.bytes(TestMessages.filling(capacity)))
    }

    @Test(arguments: TagKind.allCases)
    func aChunkedJSONRecordOnTheTagIsReadReassembledIntoOneRecord(kind: TagKind) async throws {
        let bench = try await Bench()
        let message = TestMessages.json(300)
        let onTag = TestMessages.bytes(message, chunkSize: 64)
        let read = try await bench.readOnce(kind.setup(bytes: onTag))
        #expect(onTag != TestMessages.bytes(message))
        #expect(read == message)
        #expect(read.records.count == 1)
        #expect(read.records.first?.chunkCount == 5)
        #expect(read.records.first?.typeName == "application/json")
    }

    /// A message without records empties the tag: the mappings' INITIALIZED state.
    @Test(arguments: TagKind.allCases)
    func aMessageWithoutRecordsLeavesTheTagInitialized(kind: TagKind) async throws {
        let bench = try await Bench()
        let error = try await bench.run(kind.setup(TestMessages.oneRecord)) {
            try await bench.connect()
            return await caught(NFCReaderError.self) {
                try await bench.reader.writeNDEF(NDEFMessage(records: []))
            }
        }
        #expect(error == nil)
        let history = await bench.slot.writeHistory()
        #expect(history?.writes.isEmpty == false)
        #expect(history?.finalState == .empty)
    }
}
