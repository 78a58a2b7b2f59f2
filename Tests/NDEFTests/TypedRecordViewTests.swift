import Testing

@testable import NDEF

/// Runs `body` on an in-place view of `bytes`.
private func inPlace<T>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> T) rethrows
    -> T
{
    try bytes.withUnsafeBytes(body)
}

@Suite struct TypedRecordViewTests {
    @Test func aURIViewPointsIntoThePayloadWithoutCopying() throws {
        try inPlace(rtdBytes("04 6e 66 63 70 79 2e 6f 72 67")) { payload in
            let view = try URIRecordView(payload: payload)
            #expect(view.prefixCode == 0x04 && view.prefix == .https)
            #expect(view.rest.baseAddress == payload.baseAddress! + 1 && view.rest.count == 9)
            #expect(view.utf8Count == "https://nfcpy.org".utf8.count)
            #expect(URIRecord(view) == URIRecord(uri: "https://nfcpy.org"))
        }
    }

    @Test func aReservedCodeHasNoPrefixInTheView() throws {
        try inPlace(rtdBytes("80 61")) { payload in
            let view = try URIRecordView(payload: payload)
            #expect(view.prefix == nil && view.utf8Count == 1)
            #expect(URIRecord(view).reservedPrefixCode == 0x80)
        }
    }

    @Test func aTextViewLocatesTheLanguageAndTheTextAfterTheByteOrderMark() throws {
        try inPlace(rtdBytes("82 65 6e ff fe 48 00 e9 00")) { payload in
            let view = try TextRecordView(payload: payload)
            #expect(view.encoding == .utf16LittleEndianWithBOM)
            #expect(Array(view.language) == Array("en".utf8))
            #expect(view.text.baseAddress == payload.baseAddress! + 5 && view.text.count == 4)
            #expect(
                TextRecord(view)
                    == TextRecord(text: "Hé", language: "en", encoding: .utf16LittleEndianWithBOM))
        }
    }

    @Test func aSmartPosterViewCountsItsPartsAndVisitsThemInOrder() throws {
        let full = SmartPosterRecordTests.full
        try inPlace(try full.payload()) { payload in
            let view = try SmartPosterRecordView(payload: payload)
            #expect(view.titleCount == 2 && view.iconCount == 1 && view.otherRecordCount == 0)
            #expect(view.action == .save && view.size == 0x1234_5678 && view.hasResourceType)
            var uri = ""
            view.withURI { uri = URIRecord($0).uri }
            #expect(uri == "https://nfcpy.org")
            var languages: [String] = []
            view.forEachTitle { languages.append(TextRecord($0).language) }
            #expect(languages == ["en", "de"])
            var kinds: [String] = []
            view.forEachPart { kinds.append(Self.kind($0)) }
            #expect(kinds == ["uri", "title", "title", "action", "size", "resourceType", "icon"])
            #expect(SmartPosterRecord(view) == full)
        }
    }

    @Test(arguments: [1, 2, 3, 7])
    func aPosterWhoseNestedRecordsAreChunkedIsVisitedByWalkingAgain(chunkSize: Int) throws {
        let full = SmartPosterRecordTests.full
        let payload = try NDEFEncoder(chunkSize: chunkSize).encode(
            NDEFMessage(records: try full.nestedRecords()))
        try inPlace(payload) { payload in
            let view = try SmartPosterRecordView(payload: payload)
            var uri = ""
            view.withURI { uri = URIRecord($0).uri }
            #expect(uri == "https://nfcpy.org")
            #expect(SmartPosterRecord(view) == full)
            #expect(try SmartPosterRecord(payload: payload) == full)
        }
    }

    @Test func twoChunkedTitlesInOneLanguageAreAnError() throws {
        let records = [
            URIRecord(uri: "https://a.b").record, wellKnown("T", rtdBytes("02 65 6e 41 42 43")),
            wellKnown("T", rtdBytes("02 45 4e 44 45 46")),
        ]
        let payload = try NDEFEncoder(chunkSize: 2).encode(NDEFMessage(records: records))
        let expected = RTDError.duplicateTitleLanguage(language: "EN", record: 2)
        inPlace(payload) { payload in
            #expect(
                rtdError { () throws(RTDError) in try SmartPosterRecordView(payload: payload) }
                    == expected)
            #expect(
                rtdError { () throws(RTDError) in try SmartPosterRecord(payload: payload) }
                    == expected)
        }
    }

    @Test func anExternalViewSplitsItsTypeAtTheFirstColon() throws {
        try inPlace(Array("example.com:a:b".utf8)) { type in
            let view = try ExternalRecordView(type: type, payload: type)
            #expect(Array(view.domain) == Array("example.com".utf8))
            #expect(Array(view.name) == Array("a:b".utf8))
            #expect(ExternalRecord(view).type == (try ExternalType("EXAMPLE.com:A:B")))
        }
    }

    @Test func aMediaViewKnowsAnIconType() throws {
        try inPlace(Array("Image/PNG".utf8)) { type in
            let view = try MIMERecordView(type: type, payload: type)
            #expect(view.isIcon)
        }
    }

    @Test func eachRecordKindHasItsContentViewCase() throws {
        let bytes = try NDEFEncoder().encode(NDEFRecordContentTests.mixed)
        var kinds: [String] = []
        try NDEFDecoder().forEachRecord(in: bytes) { view in
            switch try? NDEFRecordContentView(view) {
            case .empty: kinds.append("empty")
            case .uri: kinds.append("uri")
            case .text: kinds.append("text")
            case .smartPoster: kinds.append("smartPoster")
            case .mime: kinds.append("mime")
            case .absoluteURI: kinds.append("absoluteURI")
            case .external: kinds.append("external")
            case .androidApplication: kinds.append("androidApplication")
            case .other: kinds.append("other")
            case nil: kinds.append("error")
            }
        }
        #expect(
            kinds == [
                "uri", "text", "mime", "smartPoster", "external", "androidApplication",
                "absoluteURI", "other", "other",
            ])
    }

    private static func kind(_ part: SmartPosterPartView) -> String {
        switch part {
        case .uri: "uri"
        case .title: "title"
        case .action: "action"
        case .size: "size"
        case .resourceType: "resourceType"
        case .icon: "icon"
        case .other: "other"
        }
    }
}
