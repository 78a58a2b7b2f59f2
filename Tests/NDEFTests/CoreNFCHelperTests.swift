import Testing

@testable import NDEF

@Suite struct CoreNFCHelperTests {
    @Test func aURLBecomesAURIRecordWithTheLongestPrefix() throws {
        let record = try #require(NDEFRecord.wellKnownTypeURIPayload(url: "https://www.apple.com"))
        #expect(record.isWellKnown("U"))
        #expect(record.payload == [0x02] + Array("apple.com".utf8))
        #expect(record.wellKnownTypeURIPayload() == "https://www.apple.com")
    }

    @Test(arguments: ["apple.com", "https://a b", "", "https://a\u{0}"])
    func aStringThatIsNotAURLGivesNoURLRecord(url: String) {
        #expect(NDEFRecord.wellKnownTypeURIPayload(url: url) == nil)
    }

    @Test func anyURIStringWithoutControlsBecomesAURIRecord() throws {
        let record = try #require(NDEFRecord.wellKnownTypeURIPayload(string: "urn:nfc:sn:42"))
        #expect(record.payload == [0x23] + Array("sn:42".utf8))
        #expect(NDEFRecord.wellKnownTypeURIPayload(string: "a\u{7F}") == nil)
        #expect(NDEFRecord.wellKnownTypeURIPayload(string: "") == nil)
    }

    @Test func textAndLocaleBecomeAUTF8TextRecord() throws {
        let record = try #require(
            NDEFRecord.wellKnownTypeTextPayload(string: "Grüezi", locale: "de_CH"))
        #expect(record.payload == [0x05] + Array("de-CHGrüezi".utf8))
        let decoded = record.wellKnownTypeTextPayload()
        #expect(decoded.text == "Grüezi")
        #expect(decoded.locale == "de-CH")
    }

    @Test func anUnusableLocaleGivesNoTextRecord() {
        #expect(NDEFRecord.wellKnownTypeTextPayload(string: "x", locale: "") == nil)
        let long = String(repeating: "a", count: 64)
        #expect(NDEFRecord.wellKnownTypeTextPayload(string: "x", locale: long) == nil)
    }

    @Test func otherRecordsGiveNeitherURINorText() {
        let text = NDEFRecord.wellKnownTypeTextPayload(string: "x", locale: "en")!
        #expect(text.wellKnownTypeURIPayload() == nil)
        let uri = NDEFRecord.wellKnownTypeURIPayload(string: "tel:1")!
        #expect(uri.wellKnownTypeTextPayload().text == nil)
        #expect(uri.wellKnownTypeTextPayload().locale == nil)
        #expect(wellKnown("U", [0x03, 0x80]).wellKnownTypeURIPayload() == nil)
    }
}
