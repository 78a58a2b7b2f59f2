import Testing

@testable import NDEF

@Suite struct RTDErrorTests {
    static let samples: [RTDError] = [
        .fieldEmpty(field: .payload, offset: 0),
        .lengthExceedsPayload(field: .language, offset: 0, declared: 5, available: 2),
        .lengthInvalid(field: .size, offset: 0, length: 3, expected: 4),
        .reservedBitSet(field: .status, offset: 0, byte: 0x42),
        .invalidUTF8(field: .uri, offset: 3, byte: 0xC3),
        .invalidUTF16(field: .text, offset: 5, codeUnit: 0xD800),
        .truncatedUTF16(field: .text, offset: 3, length: 1),
        .controlCharacter(field: .uri, offset: 2, byte: 0x0A),
        .notASCII(field: .mediaType, offset: 1, byte: 0xFF),
        .valueUndefined(field: .action, offset: 0, value: 3),
        .malformedType(field: .externalType, value: "nocolon"),
        .typeMismatch(expected: "wellKnown \"U\"", actual: "wellKnown \"T\""),
        .fieldTooLong(field: .language, length: 64, maximum: 63),
        .uriRecordCount(count: 2),
        .duplicateTitleLanguage(language: "en", record: 2),
        .duplicateRecord(field: .action, record: 3),
        .nestedMessage(.emptyInput),
        .nestedRecord(record: 1, error: .valueUndefined(field: .action, offset: 0, value: 3)),
        .nestedEncoding(.emptyMessage),
        .invalidJSON(detail: "unexpected end"),
    ]

    @Test func everyRuleHasItsOwnStableName() {
        let rules = Self.samples.map(\.rule)
        #expect(Set(rules).count == Self.samples.count)
        #expect(rules.contains("invalidUTF8") && rules.contains("nestedRecord"))
    }

    @Test func aMessageNamesTheFieldTheOffsetAndTheValue() {
        let error = RTDError.invalidUTF8(field: .uri, offset: 3, byte: 0xC3)
        #expect(error.field == .uri)
        #expect(error.offset == 3)
        #expect(error.message == "uri at offset 3: byte 0xc3 starts an invalid UTF-8 sequence")
        #expect(error.description == "invalidUTF8: " + error.message)
    }

    @Test func aNestedErrorNamesTheNestedRecordAndKeepsTheInnerOne() {
        let error = RTDError.nestedRecord(
            record: 1, error: .valueUndefined(field: .action, offset: 0, value: 3))
        #expect(error.message == "nested record 1: action at offset 0: value 0x03 is not defined")
        #expect(error.offset == nil)
    }

    @Test func everyMessageIsOneNonEmptyLine() {
        for error in Self.samples {
            #expect(!error.message.isEmpty && !error.message.contains("\n"), "\(error.rule)")
            #expect(!error.message.hasPrefix(":"), "\(error.rule)")
        }
    }
}
