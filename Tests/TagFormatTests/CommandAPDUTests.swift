import NFCRigTestSupport
import SeededRandom
import Testing

@testable import TagFormat

/// One row: wire bytes and the fields they hold.
struct CommandCase: CustomTestStringConvertible, Sendable {
    var name: String
    var hex: String
    var data: String
    var le: Int?
    var apduCase: APDUCase
    var extended: Bool
    var testDescription: String { name }
}

/// One row: bytes that are not a command APDU, and the exact error.
struct CommandErrorCase: CustomTestStringConvertible, Sendable {
    var name: String
    var hex: String
    var error: APDUError
    var testDescription: String { name }
}

@Suite struct CommandAPDUTests {
    static let valid: [CommandCase] = [
        .init(
            name: "case 1", hex: "00 A4 00 0C", data: "", le: nil, apduCase: .case1, extended: false
        ),
        .init(
            name: "case 2S", hex: "00 B0 00 00 0F", data: "", le: 15, apduCase: .case2,
            extended: false),
        .init(
            name: "case 2S with Le 00 meaning 256", hex: "00 B0 00 02 00", data: "", le: 256,
            apduCase: .case2, extended: false),
        .init(
            name: "case 3S (SELECT CC)", hex: "00 A4 00 0C 02 E1 03", data: "E1 03", le: nil,
            apduCase: .case3, extended: false),
        .init(
            name: "case 4S (SELECT NDEF application)", hex: "00 A4 04 00 07 D2760000850101 00",
            data: "D2760000850101", le: 256, apduCase: .case4, extended: false),
        .init(
            name: "case 4S with a small Le", hex: "00 A4 04 00 01 AA 10", data: "AA", le: 16,
            apduCase: .case4, extended: false),
        .init(
            name: "case 2E", hex: "00 B0 00 00 00 01 00", data: "", le: 256, apduCase: .case2,
            extended: true),
        .init(
            name: "case 2E with Le 0000 meaning 65536", hex: "00 B0 00 00 00 00 00", data: "",
            le: 65_536, apduCase: .case2, extended: true),
        .init(
            name: "case 2E with Le 0101", hex: "00 B0 00 00 00 01 01", data: "", le: 257,
            apduCase: .case2, extended: true),
        .init(
            name: "case 3E", hex: "00 D6 00 02 00 00 02 AB CD", data: "AB CD", le: nil,
            apduCase: .case3, extended: true),
        .init(
            name: "case 4E", hex: "00 B1 00 00 00 00 05 54 03 00 80 00 00 00",
            data: "54 03 00 80 00",
            le: 65_536, apduCase: .case4, extended: true),
        .init(
            name: "case 4E with Le 0200", hex: "00 B1 00 00 00 00 01 54 02 00", data: "54", le: 512,
            apduCase: .case4, extended: true),
    ]

    @Test("decoding gives the fields and re-encoding gives the same bytes", arguments: valid)
    func decodesAndReencodes(_ row: CommandCase) throws {
        let apdu = try CommandAPDU(decoding: bytes(row.hex))
        #expect(apdu.data == bytes(row.data))
        #expect(apdu.le == row.le)
        #expect(apdu.apduCase == row.apduCase)
        #expect(apdu.isExtended == row.extended)
        #expect(apdu.encoded() == bytes(row.hex))
    }

    static let invalid: [CommandErrorCase] = [
        .init(
            name: "empty input", hex: "",
            error: .truncated(offset: 0, field: .header, needed: 4, available: 0)),
        .init(
            name: "three header bytes", hex: "00 A4 04",
            error: .truncated(offset: 0, field: .header, needed: 4, available: 3)),
        .init(
            name: "short Lc past the end", hex: "00 A4 04 00 07 D2 76",
            error: .dataOverrunsInput(offset: 4, declared: 7, available: 2)),
        .init(
            name: "two bytes after short data", hex: "00 A4 00 0C 01 E1 00 00",
            error: .trailingBytes(offset: 7, count: 1)),
        .init(
            name: "extended marker with one length byte", hex: "00 B0 00 00 00 01",
            error: .truncated(offset: 4, field: .extendedLength, needed: 3, available: 2)),
        .init(
            name: "extended Lc 0000 followed by bytes", hex: "00 D6 00 00 00 00 00 AA",
            error: .zeroExtendedLc(offset: 4)),
        .init(
            name: "extended Lc past the end", hex: "00 D6 00 00 00 01 00 AA",
            error: .dataOverrunsInput(offset: 4, declared: 256, available: 1)),
        .init(
            name: "extended data with a one-byte Le", hex: "00 B1 00 00 00 00 01 54 02",
            error: .truncated(offset: 8, field: .le, needed: 2, available: 1)),
        .init(
            name: "a byte after an extended Le", hex: "00 B1 00 00 00 00 01 54 02 00 FF",
            error: .trailingBytes(offset: 10, count: 1)),
    ]

    @Test("malformed commands name the rule and the offset", arguments: invalid)
    func rejects(_ row: CommandErrorCase) {
        #expect(throws: row.error) { try CommandAPDU(decoding: bytes(row.hex)) }
    }

    @Test("the encoder switches to extended lengths only when data or Le need them")
    func extendedOnlyWhenNeeded() throws {
        let short = try CommandAPDU(
            ins: 0xD6, p1: 0, p2: 0, data: Array(repeating: 1, count: 255), le: 256)
        #expect(short.encoded().count == 4 + 1 + 255 + 1)
        let longData = try CommandAPDU(
            ins: 0xD6, p1: 0, p2: 0, data: Array(repeating: 1, count: 256))
        #expect(Array(longData.encoded().prefix(7)) == bytes("00 D6 00 00 00 01 00"))
        let longLe = try CommandAPDU(ins: 0xB0, p1: 0, p2: 0, data: [0xAA], le: 257)
        #expect(longLe.encoded() == bytes("00 B0 00 00 00 00 01 AA 01 01"))
    }

    @Test("forced extended lengths encode a small command the extended way")
    func forcedExtended() throws {
        let apdu = try CommandAPDU(ins: 0xB0, p1: 0, p2: 0, le: 15, forcesExtendedLength: true)
        #expect(apdu.encoded() == bytes("00 B0 00 00 00 00 0F"))
        let case1 = try CommandAPDU(ins: 0xA4, p1: 0, p2: 0, forcesExtendedLength: true)
        #expect(case1.encoded() == bytes("00 A4 00 00"))
    }

    @Test("data and Le outside what length fields express are refused")
    func refusesUnencodable() {
        #expect(throws: APDUError.dataTooLong(count: 65_536)) {
            try CommandAPDU(ins: 0xD6, p1: 0, p2: 0, data: Array(repeating: 0, count: 65_536))
        }
        #expect(throws: APDUError.expectedLengthOutOfRange(le: 0)) {
            try CommandAPDU(ins: 0xB0, p1: 0, p2: 0, le: 0)
        }
        #expect(throws: APDUError.expectedLengthOutOfRange(le: 65_537)) {
            try CommandAPDU(ins: 0xB0, p1: 0, p2: 0, le: 65_537)
        }
    }

    @Test("every error has a stable rule and a message naming its offset")
    func errorText() {
        for row in Self.invalid {
            #expect(row.error.rule == "\(row.error)".split(separator: ":")[0].description)
            #expect(row.error.message.contains("offset \(row.error.offset)"))
        }
    }

    @Test("random bytes decode or fail with a typed error, and what decodes re-encodes")
    func hostileBytes() {
        var random = SplitMix64(seed: 0x7816)
        for _ in 0..<20_000 {
            let input = random.bytes(Int.random(in: 0...12, using: &random))
            do {
                let apdu = try CommandAPDU(decoding: input)
                #expect(apdu.encoded() == input)
            } catch {
                #expect(error.offset <= input.count)
            }
        }
    }
}
