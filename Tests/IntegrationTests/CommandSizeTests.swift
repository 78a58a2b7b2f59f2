import NDEF
import NFCRigTestSupport
import Rig
import TagEmulation
import TagFormat
import TagReader
import Testing

/// Messages longer than one command carries: the RF side (what the emulated tag received)
/// shows the reader kept every piece within the tag's limits.
@Suite struct CommandSizeTests {
    static let mle: UInt16 = 0x3B
    static let mlc: UInt16 = 0x34

    /// A Type 4 Tag of `kind` with MLe 3B and MLc 34.
    static func smallLimits(_ kind: TagKind, _ message: NDEFMessage) -> TagSetup {
        var setup = kind.type4Setup(TestMessages.bytes(message))
        setup.maximumResponseDataLength = mle
        setup.maximumCommandDataLength = mlc
        return .type4(setup)
    }

    /// The tag's commands as Type 4 commands.
    static func type4Commands(_ bench: Bench) async throws -> [Type4Command] {
        try await bench.commands().map { try Type4Command(CommandAPDU(decoding: $0)) }
    }

    @Test(arguments: TagKind.type4)
    func aMessageLongerThanMLeIsReadInPiecesOfAtMostMLe(kind: TagKind) async throws {
        let message = TestMessages.filling(700)
        let bench = try await Bench()
        let read = try await bench.readOnce(Self.smallLimits(kind, message))
        #expect(read == message)
        let commands = try await Self.type4Commands(bench)
        let reads = commands.compactMap { command in
            if case .readBinary(let offset, let length) = command { (offset, length) } else { nil }
        }
        #expect(reads.allSatisfy { $0.1 <= Int(Self.mle) })
        #expect(reads.filter { $0.1 == Int(Self.mle) }.count == 700 / Int(Self.mle))
        // In the NDEF file: the length field, then the message in consecutive pieces.
        let ndefFile = commands.drop { $0 != .selectFile(fileID: 0xE104) }.compactMap { command in
            if case .readBinary(let offset, let length) = command { (offset, length) } else { nil }
        }
        let lengthField = kind == .t4v2 ? 2 : 4
        #expect(ndefFile.first.map { $0 == (0, lengthField) } == true)
        let pieces = ndefFile.dropFirst()
        #expect(pieces.first?.0 == lengthField)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.0 + $0.1 == $1.0 })
        #expect(pieces.map(\.1).reduce(0, +) == 700)
    }

    @Test(arguments: TagKind.type4)
    func aMessageLongerThanMLcIsWrittenInPiecesOfAtMostMLc(kind: TagKind) async throws {
        let message = TestMessages.filling(500, seed: 7)
        let bench = try await Bench()
        let read = try await bench.run(Self.smallLimits(kind, TestMessages.oneRecord)) {
            try await bench.connect()
            try await bench.reader.writeNDEF(message)
            try await bench.connect()
            return try await bench.reader.readNDEF()
        }
        #expect(read == message)
        let updates = try await Self.type4Commands(bench).compactMap { command in
            if case .updateBinary(let offset, let data) = command { (offset, data) } else { nil }
        }
        #expect(updates.allSatisfy { $0.1.count <= Int(Self.mlc) })
        #expect(updates.filter { $0.1.count == Int(Self.mlc) }.count == 500 / Int(Self.mlc))
        // Tearing-safe order: the length zeroed, the message, the length last.
        let lengthField = kind == .t4v2 ? 2 : 4
        #expect(
            updates.first.map { $0.0 == 0 && $0.1 == Array(repeating: 0, count: lengthField) }
                == true)
        #expect(updates.last.map { $0.0 == 0 && $0.1.count == lengthField } == true)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.safety == .tearingSafe)
        #expect(history.finalState == .message(message, bytes: TestMessages.bytes(message)))
    }

    @Test func aMapping3FileBeyondOffset7FFFIsReadAndWrittenWithOffsetDataObjects() async throws {
        var setup = TagKind.t4v3.type4Setup(TestMessages.bytes(TestMessages.filling(0x8100 - 4)))
        setup.maximumFileSize = 0x8100
        let written = TestMessages.filling(0x8100 - 4, seed: 3)
        let bench = try await Bench()
        let (read, reread) = try await bench.run(.type4(setup)) {
            try await bench.readWriteAndReadAgain(written)
        }
        #expect(read == TestMessages.filling(0x8100 - 4))
        #expect(reread == written)
        let commands = try await Self.type4Commands(bench)
        let farReads = commands.filter {
            if case .readBinaryODO(let offset, _) = $0 { offset > 0x7FFF } else { false }
        }
        let farUpdates = commands.filter {
            if case .updateBinaryODO(let offset, _) = $0 { offset > 0x7FFF } else { false }
        }
        // Past 7FFF only the commands with offset data objects reach, each within MLe/MLc
        // (FF) with its wrapping.
        #expect(farReads.count >= 1)
        #expect(farUpdates.count >= 1)
        let apdus = try await bench.commands().map { try CommandAPDU(decoding: $0) }
        let reads = apdus.filter { $0.ins == 0xB0 || $0.ins == 0xB1 }
        let updates = apdus.filter { $0.ins == 0xD6 || $0.ins == 0xD7 }
        #expect(reads.count > 2 * 0x8000 / 0xFF)
        #expect(reads.allSatisfy { ($0.le ?? .max) <= 0xFF })
        #expect(updates.count > 0x8000 / 0xFF)
        #expect(updates.allSatisfy { $0.data.count <= 0xFF })
        #expect(
            !commands.contains {
                switch $0 {
                case .readBinary(let offset, _), .updateBinary(let offset, _): offset > 0x7FFF
                default: false
                }
            })
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.safety == .tearingSafe)
        #expect(history.finalState == .message(written, bytes: TestMessages.bytes(written)))
    }

    @Test func aType2MessageIsReadIn16ByteReadsAndWrittenIn4ByteWrites() async throws {
        let onTag = TestMessages.filling(300)
        let written = TestMessages.filling(280, seed: 5)
        let bench = try await Bench()
        let (read, reread) = try await bench.run(TagKind.t2.setup(onTag)) {
            try await bench.readWriteAndReadAgain(written)
        }
        #expect(read == onTag)
        #expect(reread == written)
        let commands = await bench.commands()
        let reads = commands.filter { $0.first == Type2Tag.readCommand }
        let writes = commands.filter { $0.first == Type2Tag.writeCommand }
        #expect(reads.count + writes.count == commands.count)
        #expect(reads.allSatisfy { $0.count == 2 })
        #expect(writes.allSatisfy { $0.count == 6 && $0[1] >= 4 })
        // 4 header bytes and 300 message bytes in 16-byte reads from block 0, twice.
        #expect(reads.count >= 2 * (304 + 15) / 16)
        #expect(writes.count >= 280 / 4)
        let history = try #require(await bench.slot.writeHistory())
        #expect(history.safety == .tearingSafe)
    }
}
