import Testing

@testable import NDEF

/// Decodes a Text payload through the raw-buffer entry point the typed decode path uses.
private func decodeText(_ payload: [UInt8]) throws(RTDError) -> TextRecord {
    try payload.withUnsafeBufferPointer { (buffer) throws(RTDError) in
        try TextRecord(payload: UnsafeRawBufferPointer(buffer))
    }
}

@Suite struct TextRecordTests {
    @Test(arguments: [
        ("02 65 6e 48 65 6c 6c 6f", "Hello", "en", TextRecord.Encoding.utf8),
        ("02 65 6c ce 94", "Δ", "el", .utf8),
        ("02 65 6e", "", "en", .utf8),
        ("82 65 6e ff fe 48 00 65 00 6c 00 6c 00 6f 00", "Hello", "en", .utf16LittleEndianWithBOM),
        ("82 65 6e fe ff 00 48 00 65 00 6c 00 6c 00 6f", "Hello", "en", .utf16BigEndianWithBOM),
        ("82 65 6e 00 48 00 65 00 6c 00 6c 00 6f", "Hello", "en", .utf16BigEndian),
        ("82 65 6c ff fe 94 03", "Δ", "el", .utf16LittleEndianWithBOM),
        ("82 65 6e d8 3d de 00", "😀", "en", .utf16BigEndian),
        ("82 65 6e ff fe", "", "en", .utf16LittleEndianWithBOM),
    ])
    func aTextPayloadDecodesAndEncodesBackToTheSameBytes(
        hex: String, text: String, language: String, encoding: TextRecord.Encoding
    ) throws {
        let record = try decodeText(rtdBytes(hex))
        #expect(record == TextRecord(text: text, language: language, encoding: encoding))
        #expect(try record.payload() == rtdBytes(hex))
    }

    @Test(arguments: ["en", "en-US", "zh-Hant-TW", "de-CH-1996"])
    func aLanguageCodeRoundTripsWithItsLengthInTheStatusByte(language: String) throws {
        let payload = try TextRecord(text: "Hi", language: language).payload()
        #expect(payload[0] == UInt8(language.utf8.count))
        #expect(try decodeText(payload).language == language)
    }

    @Test func aSixtyThreeByteLanguageCodeIsTheLongestThatEncodes() throws {
        let longest = String(repeating: "a", count: 63)
        let payload = try TextRecord(text: "x", language: longest).payload()
        #expect(payload[0] == 0x3F)
        #expect(try decodeText(payload).language == longest)
        let tooLong = TextRecord(text: "x", language: longest + "a")
        #expect(
            rtdError { () throws(RTDError) in try tooLong.payload() }
                == .fieldTooLong(field: .language, length: 64, maximum: 63))
    }

    @Test func encodingIsUTF8UnlessUTF16IsAskedFor() throws {
        #expect(
            try TextRecord(text: "Hé", language: "fr").payload() == rtdBytes("02 66 72 48 c3 a9"))
        let utf16 = TextRecord(text: "Hé", language: "fr", encoding: .utf16BigEndian)
        #expect(try utf16.payload() == rtdBytes("82 66 72 00 48 00 e9"))
        let withBOM = TextRecord(text: "Hé", language: "fr", encoding: .utf16BigEndianWithBOM)
        #expect(try withBOM.payload() == rtdBytes("82 66 72 fe ff 00 48 00 e9"))
        let littleEndian = TextRecord(
            text: "Hé", language: "fr", encoding: .utf16LittleEndianWithBOM)
        #expect(try littleEndian.payload() == rtdBytes("82 66 72 ff fe 48 00 e9 00"))
    }

    @Test(arguments: [
        ("", RTDError.fieldEmpty(field: .status, offset: 0)),
        ("00", .fieldEmpty(field: .language, offset: 1)),
        ("01", .lengthExceedsPayload(field: .language, offset: 0, declared: 1, available: 0)),
        (
            "05 65 6e 2d",
            .lengthExceedsPayload(field: .language, offset: 0, declared: 5, available: 3)
        ),
        ("42 65 6e", .reservedBitSet(field: .status, offset: 0, byte: 0x42)),
        ("c2 65 6e", .reservedBitSet(field: .status, offset: 0, byte: 0xC2)),
        ("02 65 ff 41", .notASCII(field: .language, offset: 2, byte: 0xFF)),
        ("02 20 65 41", .notASCII(field: .language, offset: 1, byte: 0x20)),
        ("02 65 6e ff fe 54 00", .invalidUTF8(field: .text, offset: 3, byte: 0xFF)),
        ("02 65 6e 41 c3", .invalidUTF8(field: .text, offset: 4, byte: 0xC3)),
        ("82 65 6e 54", .truncatedUTF16(field: .text, offset: 3, length: 1)),
        ("82 65 6e d8 00 00 41", .invalidUTF16(field: .text, offset: 3, codeUnit: 0xD800)),
        ("82 65 6e fe ff 00 41 dc 00", .invalidUTF16(field: .text, offset: 7, codeUnit: 0xDC00)),
        ("82 65 6e ff fe 3d d8", .invalidUTF16(field: .text, offset: 5, codeUnit: 0xD83D)),
    ])
    func aBrokenTextPayloadIsRejected(hex: String, expected: RTDError) {
        #expect(rtdError { () throws(RTDError) in try decodeText(rtdBytes(hex)) } == expected)
    }

    @Test func anEmptyOrNonASCIILanguageCannotBeEncoded() {
        #expect(
            rtdError { () throws(RTDError) in try TextRecord(text: "x", language: "").payload() }
                == .fieldEmpty(field: .language, offset: 1))
        #expect(
            rtdError { () throws(RTDError) in try TextRecord(text: "x", language: "é").payload() }
                == .notASCII(field: .language, offset: 1, byte: 0xC3))
    }

    @Test func aRecordBuildsAndDecodesThroughTheWellKnownTypeT() throws {
        let record = try TextRecord(text: "TEXT", language: "en").record()
        #expect(
            try NDEFEncoder().encode(NDEFMessage(record))
                == rtdBytes("d1 01 07 54 02 65 6e 54 45 58 54"))
        #expect(try TextRecord(record).text == "TEXT")
        let uri = wellKnown("U", [0x00])
        #expect(
            rtdError { () throws(RTDError) in try TextRecord(uri) }
                == .typeMismatch(expected: "wellKnown \"T\"", actual: "wellKnown \"U\""))
    }
}
