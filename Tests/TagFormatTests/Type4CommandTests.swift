import NFCRigTestSupport
import SeededRandom
import Testing

@testable import TagFormat

/// One row: a command APDU and what a Type 4 Tag reads in it.
struct Type4CommandCase: CustomTestStringConvertible, Sendable {
    var hex: String
    var command: Type4Command
    var testDescription: String { hex }
}

/// One row: a command APDU a Type 4 Tag refuses, and why.
struct Type4RefusalCase: CustomTestStringConvertible, Sendable {
    var hex: String
    var error: Type4CommandError
    var status: StatusWord
    var testDescription: String { hex }
}

@Suite struct Type4CommandTests {
    static let commands: [Type4CommandCase] = [
        .init(
            hex: "00 A4 04 00 07 D2760000850101 00",
            command: .selectApplication(aid: Type4Tag.ndefApplicationAID)),
        .init(hex: "00 A4 00 0C 02 E1 03", command: .selectFile(fileID: 0xE103)),
        .init(hex: "00 B0 00 02 00", command: .readBinary(offset: 2, length: 256)),
        .init(hex: "00 B0 7F FF 00 01 00", command: .readBinary(offset: 0x7FFF, length: 256)),
        .init(hex: "00 D6 00 00 02 00 00", command: .updateBinary(offset: 0, data: [0, 0])),
        .init(
            hex: "00 B1 00 00 05 54 03 00 80 00 FF",
            command: .readBinaryODO(offset: 0x8000, length: 255)),
        .init(
            hex: "00 D7 00 00 09 54 03 01 00 00 53 02 AA BB",
            command: .updateBinaryODO(offset: 0x1_0000, data: [0xAA, 0xBB])),
    ]

    @Test("a tag reads each T4T command with its offset, length and data", arguments: commands)
    func reads(_ row: Type4CommandCase) throws {
        #expect(try Type4Command(CommandAPDU(decoding: bytes(row.hex))) == row.command)
    }

    @Test("the commands a reader builds read back as what they were built for")
    func builtCommandsReadBack() throws {
        let long = Array(repeating: UInt8(7), count: 300)
        #expect(
            try Type4Command(Type4Tag.updateBinaryODO(offset: 0x9000, data: long))
                == .updateBinaryODO(offset: 0x9000, data: long))
        #expect(
            try Type4Command(Type4Tag.readBinary(offset: 0x10, length: 0x3B))
                == .readBinary(offset: 0x10, length: 0x3B))
    }

    static let refusals: [Type4RefusalCase] = [
        .init(
            hex: "80 A4 04 00", error: .claNotSupported(offset: 0, cla: 0x80),
            status: .claNotSupported),
        .init(
            hex: "00 CA 00 00 00", error: .insNotSupported(offset: 1, ins: 0xCA),
            status: .insNotSupported),
        .init(
            hex: "00 A4 02 0C 02 E1 03", error: .incorrectP1P2(offset: 2, p1p2: 0x020C),
            status: .incorrectP1P2),
        .init(
            hex: "00 A4 00 0C 01 E1", error: .wrongLength(offset: 4, length: 1),
            status: .wrongLength),
        .init(
            hex: "00 B0 81 00 0F", error: .incorrectP1P2(offset: 2, p1p2: 0x8100),
            status: .incorrectP1P2),
        .init(hex: "00 B0 00 00", error: .wrongLength(offset: 4, length: 0), status: .wrongLength),
        .init(hex: "00 D6 00 00", error: .wrongLength(offset: 4, length: 0), status: .wrongLength),
        .init(
            hex: "00 B1 00 01 05 54 03 00 80 00 FF", error: .incorrectP1P2(offset: 2, p1p2: 1),
            status: .incorrectP1P2),
        .init(
            hex: "00 B1 00 00 05 53 03 00 80 00 FF", error: .wrongData(offset: 5),
            status: .wrongData),
        .init(
            hex: "00 B1 00 00 06 54 03 00 80 00 00 FF", error: .wrongData(offset: 10),
            status: .wrongData),
        .init(
            hex: "00 D7 00 00 08 54 03 01 00 00 53 02 AA", error: .wrongData(offset: 11),
            status: .wrongData),
        .init(
            hex: "00 D7 00 00 07 54 03 01 00 00 AA BB", error: .wrongData(offset: 10),
            status: .wrongData),
    ]

    @Test("refused commands carry the status word the tag answers", arguments: refusals)
    func refuses(_ row: Type4RefusalCase) throws {
        let apdu = try CommandAPDU(decoding: bytes(row.hex))
        #expect(throws: row.error) { try Type4Command(apdu) }
        #expect(row.error.statusWord == row.status)
        #expect(row.error.message.hasPrefix("offset \(row.error.offset): "))
    }

    @Test("B1 answers wrap the bytes in a 53 data object the reader unwraps")
    func discretionaryData() throws {
        for count in [0, 1, 127, 128, 255, 256, 1000] {
            let data = Array(repeating: UInt8(count & 0xFF), count: count)
            let wrapped = Type4Tag.discretionaryDataObject(data)
            #expect(try Type4Tag.discretionaryData(in: wrapped, at: 0) == data)
        }
        #expect(throws: Type4CommandError.wrongData(offset: 1)) {
            try Type4Tag.discretionaryData(in: bytes("53 83 00 00 01 AA"), at: 0)
        }
    }

    @Test("random command APDUs are read or refused with a typed error")
    func hostile() {
        var random = SplitMix64(seed: 0xA4)
        for _ in 0..<20_000 {
            var input = random.bytes(Int.random(in: 4...16, using: &random))
            input[0] = random.next() % 4 == 0 ? input[0] : 0x00
            input[1] = [0xA4, 0xB0, 0xB1, 0xD6, 0xD7, input[1]][Int(random.next() % 6)]
            guard let apdu = try? CommandAPDU(decoding: input) else { continue }
            do {
                _ = try Type4Command(apdu)
            } catch {
                #expect(error.offset <= input.count)
            }
        }
    }
}
