import NDEF
import Rig
import TagEmulation
import TagReader
import Testing

/// Tags the reader must not write, or cannot read as NDEF at all.
@Suite struct RefusalTests {
    @Test(arguments: TagKind.allCases)
    func aReadOnlyTagIsReadButItsWriteIsRefusedAndTheTagUnchanged(kind: TagKind) async throws {
        let bench = try await Bench()
        let outcome = try await bench.run(kind.setup(Messages.oneRecord, readOnly: true)) {
            try await bench.connect()
            let status = try await bench.reader.queryNDEFStatus()
            let refused = await readerError {
                try await bench.reader.writeNDEF(Messages.texts(2))
            }
            try await bench.connect()
            return (status, refused, try await bench.reader.readNDEF())
        }
        let (status, refused, read) = outcome
        #expect(status.status == .readOnly)
        #expect(status.capacity > 100)
        let access: UInt8 = kind.isType4 ? 0xFF : 0x0F
        #expect(refused == .tagNotWritable(.writeAccess(access)))
        #expect(read == Messages.oneRecord)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.writes == [])
        #expect(
            history.finalState
                == .message(Messages.oneRecord, bytes: Messages.bytes(Messages.oneRecord)))
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
            let writeError = await readerError {
                try await bench.reader.writeNDEF(Messages.oneRecord)
            }
            let readError = await readerError { try await bench.reader.readNDEF() }
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
}
