import Testing

@testable import NDEF

/// Decodes a Smart Poster payload through the raw-buffer entry point.
private func decodePoster(_ payload: [UInt8]) throws(RTDError) -> SmartPosterRecord {
    try payload.withUnsafeBufferPointer { (buffer) throws(RTDError) in
        try SmartPosterRecord(payload: UnsafeRawBufferPointer(buffer))
    }
}

/// A nested message of the given records, encoded.
private func nested(_ records: NDEFRecord...) throws -> [UInt8] {
    try NDEFEncoder().encode(NDEFMessage(records: records))
}

@Suite struct SmartPosterRecordTests {
    static let full = SmartPosterRecord(
        uri: URIRecord(uri: "https://nfcpy.org"),
        titles: [
            TextRecord(text: "nfcpy", language: "en"),
            TextRecord(text: "nfcpy auf Deutsch", language: "de"),
        ],
        action: .save, size: 0x1234_5678, resourceType: "text/html",
        icons: [MIMERecord(mediaType: "image/png", payload: [0x89, 0x50, 0x4E, 0x47])])

    @Test func aFullSmartPosterEncodesAndDecodesBack() throws {
        let payload = try Self.full.payload()
        let poster = try decodePoster(payload)
        #expect(poster == Self.full)
        #expect(poster.title(language: "DE") == "nfcpy auf Deutsch")
        #expect(poster.title(language: "fr") == nil)
        let records = try NDEFDecoder().decode(payload).records
        #expect(records.map(\.typeName) == ["U", "T", "T", "act", "s", "t", "image/png"])
        #expect(records[3].payload == [0x01])
        #expect(records[4].payload == [0x12, 0x34, 0x56, 0x78])
        #expect(records[5].payload == Array("text/html".utf8))
    }

    @Test func aSmartPosterRecordDecodesThroughTheWellKnownTypeSp() throws {
        let bytes = rtdBytes("d1 02 0e 53 70 d1 01 0a 55 03 6e 66 63 70 79 2e 6f 72 67")
        let record = try NDEFDecoder().decode(bytes).records[0]
        let poster = try SmartPosterRecord(record)
        #expect(poster == SmartPosterRecord(uri: URIRecord(uri: "http://nfcpy.org")))
        #expect(try NDEFEncoder().encode(NDEFMessage(try poster.record())) == bytes)
    }

    @Test(arguments: [
        // ndeflib's Smart Poster vectors: title, action, size, type, icons.
        ("91 01 01 55 00 51 01 08 54 02 65 6e 6e 66 63 70 79", "title en"),
        ("91 01 01 55 00 51 03 01 61 63 74 00", "action execute"),
        ("91 01 01 55 00 51 01 04 73 00 00 00 01", "size 1"),
        ("91 01 01 55 00 51 01 03 74 61 2f 62", "type a/b"),
        ("91 01 01 55 00 52 09 08 69 6d 61 67 65 2f 70 6e 67 89 50 4e 47 0d 0a 1a 0a", "icon"),
        ("91 01 01 55 00 52 09 01 76 69 64 65 6f 2f 6d 70 34 00", "video icon"),
    ])
    func anNdeflibVectorDecodesAndReencodesToTheSameBytes(hex: String, label: String) throws {
        let poster = try decodePoster(rtdBytes(hex))
        #expect(poster.uri.uri == "")
        #expect(try poster.payload() == rtdBytes(hex), "\(label)")
    }

    @Test func theNdeflibVectorsCarryTheirFields() throws {
        let titled = try decodePoster(
            rtdBytes("91 01 01 55 00 51 01 08 54 02 64 65 6e 66 63 70 79"))
        #expect(titled.titles == [TextRecord(text: "nfcpy", language: "de")])
        #expect(try decodePoster(rtdBytes("91 01 01 55 00 51 03 01 61 63 74 02")).action == .edit)
        #expect(try decodePoster(rtdBytes("91 01 01 55 00 51 01 04 73 ff ff ff ff")).size == .max)
        #expect(
            try decodePoster(rtdBytes("91 01 01 55 00 51 01 03 74 61 2f 62")).resourceType == "a/b")
        let icon = try decodePoster(
            rtdBytes("91 01 01 55 00 52 09 01 69 6d 61 67 65 2f 67 69 66 01"))
        #expect(icon.icons == [MIMERecord(mediaType: "image/gif", payload: [0x01])])
    }

    @Test func aPosterWithoutAURIRecordIsAnError() throws {
        let titleOnly = try nested(wellKnown("T", rtdBytes("02 65 6e 48 69")))
        #expect(
            rtdError { () throws(RTDError) in try decodePoster(titleOnly) }
                == .uriRecordCount(count: 0))
        #expect(
            rtdError { () throws(RTDError) in try decodePoster([]) } == .uriRecordCount(count: 0))
    }

    @Test func aPosterWithTwoURIRecordsIsAnError() {
        #expect(
            rtdError { () throws(RTDError) in
                try decodePoster(rtdBytes("91 01 01 55 00 51 01 01 55 00"))
            }
                == .uriRecordCount(count: 2))
    }

    @Test func twoTitlesInTheSameLanguageAreAnError() throws {
        let payload = try nested(
            URIRecord(uri: "https://a.b").record, wellKnown("T", rtdBytes("02 65 6e 41")),
            wellKnown("T", rtdBytes("02 45 4e 42")))
        #expect(
            rtdError { () throws(RTDError) in try decodePoster(payload) }
                == .duplicateTitleLanguage(language: "EN", record: 2))
    }

    @Test func aSecondActionRecordIsAnError() throws {
        let payload = try nested(
            URIRecord(uri: "https://a.b").record, wellKnown("act", [0]), wellKnown("act", [1]))
        #expect(
            rtdError { () throws(RTDError) in try decodePoster(payload) }
                == .duplicateRecord(field: .action, record: 2))
    }

    @Test(arguments: [
        (
            "91 01 01 55 00 51 03 01 61 63 74 03",
            RTDError.valueUndefined(field: .action, offset: 0, value: 3)
        ),
        (
            "91 01 01 55 00 51 03 02 61 63 74 00 00",
            .lengthInvalid(field: .action, offset: 0, length: 2, expected: 1)
        ),
        (
            "91 01 01 55 00 51 01 03 73 00 00 01",
            .lengthInvalid(field: .size, offset: 0, length: 3, expected: 4)
        ),
        (
            "91 01 01 55 00 51 01 01 74 ff",
            .invalidUTF8(field: .resourceType, offset: 0, byte: 0xFF)
        ),
        ("91 01 01 55 00 51 01 02 54 00 41", .fieldEmpty(field: .language, offset: 1)),
    ])
    func aBrokenNestedRecordIsReportedWithItsIndex(hex: String, inner: RTDError) {
        #expect(
            rtdError { () throws(RTDError) in try decodePoster(rtdBytes(hex)) }
                == .nestedRecord(record: 1, error: inner))
    }

    @Test func aBrokenNestedURIIsReportedWithItsIndex() {
        #expect(
            rtdError { () throws(RTDError) in try decodePoster(rtdBytes("d1 01 02 55 03 80")) }
                == .nestedRecord(record: 0, error: .invalidUTF8(field: .uri, offset: 1, byte: 0x80))
        )
    }

    @Test func aNestedMessageThatIsNotNDEFIsAnError() {
        #expect(
            rtdError { () throws(RTDError) in try decodePoster(rtdBytes("d1 01 05 55 00")) }
                == .nestedMessage(
                    .lengthOverrunsInput(
                        record: 0, offset: 4, field: .payload, declared: 5, available: 1)))
    }

    @Test func unknownNestedRecordsAreKeptInOrder() throws {
        let external = NDEFRecord(typeNameFormat: .external, typeName: "nfcpy.org:x", payload: [7])
        let audio = NDEFRecord(typeNameFormat: .media, typeName: "audio/mpeg", payload: [1])
        let payload = try nested(
            external, URIRecord(uri: "tel:+1").record, audio, .empty)
        let poster = try decodePoster(payload)
        #expect(poster.uri.uri == "tel:+1")
        #expect(poster.otherRecords == [external, audio, .empty])
        #expect(poster.icons.isEmpty)
    }
}
