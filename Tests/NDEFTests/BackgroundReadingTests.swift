import Testing

@testable import NDEF

private func uri(_ text: String) -> NDEFRecord { URIRecord(uri: text).record }

private func poster(_ text: String) -> NDEFRecord {
    try! SmartPosterRecord(
        uri: URIRecord(uri: text), titles: [TextRecord(text: "Poster", language: "en")]
    ).record()
}

private let media = MIMERecord(mediaType: "text/plain", payload: Array("hi".utf8)).record

@Suite struct BackgroundReadingTests {
    @Test func aURIRecordFirstIsDispatched() {
        let verdict = BackgroundReading.evaluate(NDEFMessage(uri("https://example.com/a")))
        #expect(verdict.dispatch)
        #expect(verdict.recordIndex == 0)
        #expect(verdict.url == "https://example.com/a")
        #expect(verdict.kind == .web)
        #expect(verdict.rejection == nil)
        #expect(!verdict.viaSmartPoster && !verdict.isNotFromTag)
    }

    @Test func theFirstURIRecordIsUsedEvenWhenItIsNotTheFirstRecord() {
        let verdict = BackgroundReading.evaluate(
            NDEFMessage(media, uri("tel:+15551234"), uri("https://example.com")))
        #expect(verdict.dispatch)
        #expect(verdict.recordIndex == 1)
        #expect(verdict.kind == .tel)
        #expect(verdict.url == "tel:+15551234")
    }

    @Test(arguments: [
        ("https://example.com/product/1", BackgroundURLKind.web),
        ("http://example.com", .web),
        ("HTTPS://EXAMPLE.COM/", .web),
        ("mailto:someone@example.com", .mailto),
        ("sms:+15551234", .sms),
        ("tel:+15551234", .tel),
        ("facetime:someone@example.com", .facetime),
        ("facetime-audio:someone@example.com", .facetimeAudio),
        ("https://maps.apple.com/?q=cafe", .maps),
        ("http://maps.apple.com/?ll=50.8,4.4", .maps),
        ("https://MAPS.Apple.com:443/?q=x", .maps),
        ("https://user@maps.apple.com/", .maps),
        ("https://maps.apple.com.example.com/", .web),
        ("https://example.com/maps.apple.com", .web),
        ("X-HM://0023ISYWY1234", .homekit),
        ("x-hm://0023ISYWY1234", .homekit),
    ])
    func eachAllowedSchemeIsDispatchedAsItsKind(url: String, kind: BackgroundURLKind) {
        let verdict = BackgroundReading.evaluate(NDEFMessage(uri(url)))
        #expect(verdict.dispatch)
        #expect(verdict.kind == kind)
        #expect(verdict.url == url)
    }

    @Test func theKindsHaveTheirStableRawNames() {
        #expect(
            BackgroundURLKind.allCases.map(\.rawValue) == [
                "web", "mailto", "sms", "tel", "facetime", "facetimeAudio", "maps", "homekit",
            ])
    }

    @Test(arguments: ["myapp://open?id=1", "spotify:track:1", "ftp://example.com", "urn:nfc:x"])
    func aCustomSchemeIsNotDispatched(url: String) {
        let verdict = BackgroundReading.evaluate(NDEFMessage(uri(url)))
        #expect(!verdict.dispatch)
        #expect(verdict.rejection == .customScheme)
        #expect(verdict.url == url)
        #expect(verdict.recordIndex == 0)
        #expect(verdict.kind == nil)
        #expect(verdict.reason.contains(url))
        #expect(verdict.reason.contains("scheme \"\(url.prefix { $0 != ":" })\""))
    }

    @Test func aMessageWithoutAURIRecordIsNotDispatched() throws {
        let text = try TextRecord(text: "https://example.com", language: "en").record()
        let absolute = AbsoluteURIRecord(uri: "https://example.com").record
        let verdict = BackgroundReading.evaluate(NDEFMessage(text, media, absolute))
        #expect(!verdict.dispatch)
        #expect(verdict.rejection == .noURIRecord)
        #expect(verdict.recordIndex == nil && verdict.url == nil)
    }

    @Test func aURIRecordOfAnotherTNFDoesNotCount() {
        let unknown = NDEFRecord(typeNameFormat: .unknown, payload: [0x04, 0x61])
        let external = NDEFRecord(
            typeNameFormat: .external, typeName: "a.b:U", payload: [0x04, 0x61])
        #expect(
            BackgroundReading.evaluate(NDEFMessage(unknown, external)).rejection == .noURIRecord)
    }

    @Test func aSmartPosterFirstStandsInForTheURIRecord() {
        let verdict = BackgroundReading.evaluate(
            NDEFMessage(media, poster("https://example.com/sp"), uri("tel:1")))
        #expect(verdict.dispatch)
        #expect(verdict.viaSmartPoster)
        #expect(verdict.recordIndex == 1)
        #expect(verdict.url == "https://example.com/sp")
        #expect(verdict.kind == .web)
    }

    @Test func aURIRecordBeforeASmartPosterWins() {
        let verdict = BackgroundReading.evaluate(
            NDEFMessage(uri("myapp://x"), poster("https://example.com/sp")))
        #expect(!verdict.dispatch)
        #expect(verdict.rejection == .customScheme)
        #expect(verdict.recordIndex == 0)
        #expect(!verdict.viaSmartPoster)
    }

    @Test func aSmartPosterWithACustomSchemeIsRejectedAsFromTheSmartPoster() {
        let verdict = BackgroundReading.evaluate(NDEFMessage(poster("myapp://x")))
        #expect(verdict.rejection == .customScheme)
        #expect(verdict.viaSmartPoster)
    }

    @Test func theEmptyRecordActivityIsNotFromATag() {
        let verdict = BackgroundReading.evaluate(.notFromTag)
        #expect(!verdict.dispatch)
        #expect(verdict.isNotFromTag)
        #expect(verdict.rejection == .notFromTag)
        #expect(!BackgroundReading.evaluate(NDEFMessage(.empty, uri("tel:1"))).isNotFromTag)
        #expect(BackgroundReading.evaluate(NDEFMessage(.empty, uri("tel:1"))).dispatch)
    }

    @Test(arguments: [
        wellKnown("U", [0x03, 0x80]),
        wellKnown("U", [0x04, 0x61, 0x0A]),
        wellKnown("U", []),
        wellKnown("Sp", rtdBytes("d1 01 02 54 02")),
    ])
    func aURIPayloadThatDoesNotDecodeIsABadURI(record: NDEFRecord) {
        let verdict = BackgroundReading.evaluate(NDEFMessage(record, uri("https://example.com")))
        #expect(!verdict.dispatch)
        #expect(verdict.rejection == .badURI)
        #expect(verdict.recordIndex == 0)
        #expect(verdict.url == nil)
    }

    @Test(arguments: [
        "example.com/x", "", "https:example.com", "https:///path", "http://", "1tel:2",
    ])
    func aURIWithoutASchemeOrHostIsABadURI(url: String) {
        let verdict = BackgroundReading.evaluate(NDEFMessage(uri(url)))
        #expect(!verdict.dispatch)
        #expect(verdict.rejection == .badURI)
        #expect(verdict.url == url)
    }

    @Test func everyReasonIsOneNonEmptyLine() throws {
        let messages = [
            NDEFMessage(uri("https://example.com")), NDEFMessage(uri("myapp://x")),
            NDEFMessage(media), .notFromTag, NDEFMessage(wellKnown("U", [0x03, 0x80])),
            NDEFMessage(poster("tel:1")), NDEFMessage(uri("example")),
        ]
        let verdicts = messages.map(BackgroundReading.evaluate)
        for verdict in verdicts {
            #expect(!verdict.reason.isEmpty)
            #expect(!verdict.reason.contains("\n"))
        }
        #expect(Set(verdicts.map(\.reason)).count == verdicts.count)
    }
}
