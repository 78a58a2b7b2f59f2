import NDEF
import NFCRigTestSupport
import Rig
import TagEmulation
import TagFormat
import TagReader
import Testing

/// Tags the reader must not write, or cannot read as NDEF at all.
@Suite struct RefusalTests {
    @Test(arguments: TagKind.allCases)
    func aReadOnlyTagIsReadButItsWriteIsRefusedAndTheTagUnchanged(kind: TagKind) async throws {
        let bench = try await Bench()
        let outcome = try await bench.run(kind.setup(TestMessages.oneRecord, readOnly: true)) {
            try await bench.connect()
            let status = try await bench.reader.queryNDEFStatus()
            let refused = await caught(NFCReaderError.self) {
                try await bench.reader.writeNDEF(TestMessages.texts(2))
            }
            try await bench.connect()
            return (status, refused, try await bench.reader.readNDEF())
        }
        let (status, refused, read) = outcome
        #expect(status.status == .readOnly)
        #expect(status.capacity > 100)
        let access: UInt8 = kind.isType4 ? 0xFF : 0x0F
        #expect(refused == .tagNotWritable(.writeAccess(access)))
        #expect(read == TestMessages.oneRecord)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.writes == [])
        #expect(
            history.finalState
                == .message(
                    TestMessages.oneRecord, bytes: TestMessages.bytes(TestMessages.oneRecord)))
        // Nothing that writes reached the tag.
        let commands = await bench.commands()
        #expect(!commands.contains { $0.first == 0xA2 || ($0.count > 1 && $0[1] == 0xD6) })
    }

    @Test(arguments: TagKind.allCases)
    func aTagWithoutNDEFIsNotSupportedAndNeitherReadNorWritten(kind: TagKind) async throws {
        let bench = try await Bench()
        let outcome = try await bench.run(kind.setup(bytes: [], formatted: false)) {
            try await bench.connect()
            let status = try await bench.reader.queryNDEFStatus()
            let writeError = await caught(NFCReaderError.self) {
                try await bench.reader.writeNDEF(TestMessages.oneRecord)
            }
            let readError = await caught(NFCReaderError.self) { try await bench.reader.readNDEF() }
            return (status, writeError, readError)
        }
        let (status, writeError, readError) = outcome
        #expect(status.status == .notSupported)
        #expect(status.capacity == 0)
        for error in [writeError, readError] {
            switch (kind, error) {
            case (.t4v2, .ndefNotSupported(.noNDEFApplication(.fileNotFound))),
                (.t4v3, .ndefNotSupported(.noNDEFApplication(.fileNotFound))),
                (.t2, .ndefNotSupported(.invalidType2CapabilityContainer)):
                break
            default:
                Issue.record("\(kind): \(String(describing: error))")
            }
        }
        #expect(await bench.slot.writeHistory()?.writes == [])
    }

    @Test(arguments: TagKind.allCases)
    func writeLockMakesAType2TagReadOnlyWhileAType4TagProtectsItsCC(kind: TagKind) async throws {
        let bench = try await Bench()
        let outcome = try await bench.run(kind.setup(TestMessages.oneRecord)) {
            try await bench.connect()
            let lockError = await caught(NFCReaderError.self) { try await bench.reader.writeLock() }
            try await bench.connect()
            let status = try await bench.reader.queryNDEFStatus().status
            let writeError = await caught(NFCReaderError.self) {
                try await bench.reader.writeNDEF(TestMessages.texts(1))
            }
            return (lockError, status, writeError)
        }
        let (lockError, status, writeError) = outcome
        if kind.isType4 {
            // The emulated Type 4 tag answers an UPDATE of its CC with 6982.
            #expect(lockError == .tagNotWritable(.lockRefused(.securityStatusNotSatisfied)))
            #expect(status == .readWrite)
            #expect(writeError == nil)
        } else {
            #expect(lockError == nil)
            #expect(status == .readOnly)
            #expect(writeError == .tagNotWritable(.writeAccess(0x0F)))
            // CC access 0F, the static lock bytes and every dynamic lock bit set.
            let memory = try #require(await bench.slot.writeHistory()?.steps.last?.memory)
            #expect(memory[15] == 0x0F)
            #expect(memory[10..<12] == [0xFF, 0xFF])
            #expect(memory[512..<519].allSatisfy { $0 == 0xFF })
        }
    }
}
