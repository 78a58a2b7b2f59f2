import NFCRigTestSupport
import Testing

@testable import NDEF

/// One row per decoder rule: the bytes that break it and the exact error, record and offset.
struct RuleCase: CustomTestStringConvertible, Sendable {
    var name: String
    var hex: String
    var error: NDEFError
    var testDescription: String { name }
}

@Suite struct NDEFDecoderRuleTests {
    static let violations: [RuleCase] = [
        .init(name: "empty input", hex: "", error: .emptyInput),
        .init(
            name: "header cut after the flags", hex: "D1",
            error: .truncatedHeader(record: 0, offset: 0, needed: 3, available: 1)),
        .init(
            name: "normal record cut inside its 4-byte length", hex: "C1 01 00 00",
            error: .truncatedHeader(record: 0, offset: 0, needed: 6, available: 4)),
        .init(
            name: "IL record cut before ID_LENGTH", hex: "D9 01 04",
            error: .truncatedHeader(record: 0, offset: 0, needed: 4, available: 3)),
        .init(
            name: "payload length past the end", hex: "D1 01 05 55 04 61 2E 62",
            error: .lengthOverrunsInput(
                record: 0, offset: 4, field: .payload, declared: 5, available: 4)),
        .init(
            name: "type length past the end", hex: "D1 05 00 55",
            error: .lengthOverrunsInput(
                record: 0, offset: 3, field: .type, declared: 5, available: 1)),
        .init(
            name: "ID length past the end", hex: "D9 01 00 03 55 41",
            error: .lengthOverrunsInput(
                record: 0, offset: 5, field: .identifier, declared: 3, available: 1)),
        .init(
            name: "payload length above the 16 MiB cap", hex: "C1 01 01 00 00 01 55",
            error: .payloadExceedsCap(record: 0, offset: 2, length: 16_777_217, cap: 16_777_216)),
        .init(
            name: "first record without MB", hex: "51 01 04 55 04 61 2E 62",
            error: .messageBeginMissing(record: 0, offset: 0)),
        .init(
            name: "MB on the second record", hex: "91 01 01 55 00 D1 01 01 55 00",
            error: .messageBeginRepeated(record: 1, offset: 5)),
        .init(
            name: "no record with ME", hex: "91 01 01 55 00",
            error: .messageEndMissing(record: 0, offset: 5)),
        .init(
            name: "a byte after the ME record", hex: "D1 01 01 55 00 00",
            error: .trailingBytes(record: 0, offset: 5, count: 1)),
        .init(
            name: "TNF 7", hex: "D7 00 00",
            error: .reservedTypeNameFormat(record: 0, offset: 0)),
        .init(
            name: "empty record with a payload", hex: "D0 00 01 41",
            error: .emptyRecordHasContent(record: 0, offset: 0, field: .payload, length: 1)),
        .init(
            name: "empty record with a type", hex: "D0 01 00 41",
            error: .emptyRecordHasContent(record: 0, offset: 0, field: .type, length: 1)),
        .init(
            name: "empty record with an ID", hex: "D8 00 00 01 41",
            error: .emptyRecordHasContent(record: 0, offset: 0, field: .identifier, length: 1)),
        .init(
            name: "well-known record without a type", hex: "D1 00 00",
            error: .typeMissing(record: 0, offset: 1, typeNameFormat: .wellKnown)),
        .init(
            name: "media record without a type", hex: "D2 00 00",
            error: .typeMissing(record: 0, offset: 1, typeNameFormat: .media)),
        .init(
            name: "absolute-URI record without a type", hex: "D3 00 00",
            error: .typeMissing(record: 0, offset: 1, typeNameFormat: .absoluteURI)),
        .init(
            name: "external record without a type", hex: "D4 00 00",
            error: .typeMissing(record: 0, offset: 1, typeNameFormat: .external)),
        .init(
            name: "unknown record with a type", hex: "D5 01 00 41",
            error: .typeNotAllowed(record: 0, offset: 1, typeNameFormat: .unknown, length: 1)),
        .init(
            name: "type byte outside ASCII", hex: "D1 02 00 55 80",
            error: .typeNotASCII(record: 0, offset: 4, byte: 0x80)),
        .init(
            name: "unchanged record that is not a chunk", hex: "D6 00 00",
            error: .unchangedOutsideChunk(record: 0, offset: 0)),
        .init(
            name: "terminating chunk with a media TNF", hex: "B2 01 01 61 41 52 00 01 42",
            error: .chunkNotUnchanged(record: 1, offset: 5, typeNameFormat: .media)),
        .init(
            name: "terminating chunk with a type", hex: "B2 01 01 61 41 56 01 01 61 42",
            error: .chunkHasType(record: 1, offset: 6, length: 1)),
        .init(
            name: "terminating chunk with IL", hex: "B2 01 01 61 41 5E 00 01 00 42",
            error: .chunkHasIdentifier(record: 1, offset: 5)),
        .init(
            name: "initial chunk with ME", hex: "F2 01 01 61 41",
            error: .messageEndInsideChunk(record: 0, offset: 0)),
        .init(
            name: "middle chunk with ME", hex: "B2 01 01 61 41 76 00 01 42",
            error: .messageEndInsideChunk(record: 1, offset: 5)),
        .init(
            name: "input ends after an initial chunk", hex: "B2 01 01 61 41",
            error: .unterminatedChunk(record: 0, offset: 5)),
        .init(
            name: "input ends after a middle chunk", hex: "B2 01 01 61 41 36 00 01 42",
            error: .unterminatedChunk(record: 1, offset: 9)),
    ]

    @Test(arguments: violations)
    func eachBrokenRuleIsReportedWithItsRecordAndOffset(_ row: RuleCase) {
        #expect(throws: row.error) { try NDEFDecoder().decode(bytes(row.hex)) }
    }

    @Test(arguments: violations)
    func lenientDecodingListsTheSameViolationFirst(_ row: RuleCase) {
        let result = NDEFDecoder().decodeLeniently(bytes(row.hex))
        #expect(result.violations.first == row.error)
    }

    @Test func everyErrorMessageNamesItsRecordAndOffset() {
        for row in Self.violations where row.error != .emptyInput {
            #expect(row.error.message.contains("record \(row.error.record) at offset"))
            #expect(row.error.description.hasPrefix(row.error.rule + ": "))
        }
    }

    @Test func everyRuleHasAViolatingVector() {
        let rules = Set(Self.violations.map(\.error.rule))
        #expect(rules.count == 19)
    }

    @Test func aSmallerCapRejectsAPayloadTheDefaultAccepts() {
        let input = bytes("D1 01 04 55 04 61 2E 62")
        #expect(throws: NDEFError.payloadExceedsCap(record: 0, offset: 2, length: 4, cap: 3)) {
            try NDEFDecoder(payloadCap: 3).decode(input)
        }
        #expect((try? NDEFDecoder().decode(input)) != nil)
    }

    @Test func theCapAppliesToTheReassembledPayloadOfAChunkedRecord() {
        // Three chunks of 2 bytes each: every chunk fits a cap of 5, the whole does not.
        let input = bytes("B2 01 02 61 41 42 36 00 02 43 44 56 00 02 45 46")
        #expect(throws: NDEFError.payloadExceedsCap(record: 2, offset: 11, length: 6, cap: 5)) {
            try NDEFDecoder(payloadCap: 5).decode(input)
        }
    }

    @Test func aFourGigabyteLengthFieldIsRejectedWithoutAllocating() {
        let input = bytes("C1 01 FF FF FF FF 55")
        #expect(
            throws: NDEFError.payloadExceedsCap(
                record: 0, offset: 2, length: 0xFFFF_FFFF, cap: NDEFDecoder.defaultPayloadCap)
        ) {
            try NDEFDecoder().decode(input)
        }
        let uncapped = NDEFDecoder(payloadCap: .max)
        #expect(
            throws: NDEFError.lengthOverrunsInput(
                record: 0, offset: 7, field: .payload, declared: 0xFFFF_FFFF, available: 0)
        ) {
            try uncapped.decode(input)
        }
    }
}
