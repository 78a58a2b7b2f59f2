import HexText
import NDEF
import Testing

@testable import nfcrig

@Suite struct NDEFCLISupportTests {
    @Test func recordOptionsKeepTheirOrderAndLangAttachesToThePrecedingText() throws {
        let specs = try NDEFRecordSpec.parse([
            "--uri", "https://a.bc", "--text=hello", "--lang", "de", "--mime", "a/b=f.bin",
        ])
        #expect(
            specs == [
                .uri("https://a.bc", argument: 1), .text("hello", language: "de", argument: 2),
                .mime(type: "a/b", file: "f.bin", argument: 3),
            ])
    }

    @Test func langWithoutATextIsRefused() {
        #expect(throws: (any Error).self) { try NDEFRecordSpec.parse(["--lang", "de"]) }
    }

    @Test func aFileOfHexDigitsIsReadAsHexAndAnythingElseAsRawBytes() throws {
        #expect(
            try NDEFInputOptions.bytes(fromFileContent: Array("d1 01\n00\n".utf8), name: "f")
                == [0xD1, 0x01, 0x00])
        #expect(
            try NDEFInputOptions.bytes(fromFileContent: [0xD1, 0x01, 0x00], name: "f")
                == [0xD1, 0x01, 0x00])
    }

    @Test func jsonStringsEscapeQuotesControlsAndLineSeparators() {
        let value = JSONValue.string("a\"b\\c\n\u{01}\u{2028}é")
        #expect(value.serialized() == #""a\"b\\c\n\u0001\u2028é""#)
    }

    @Test func lintPointsARecordPayloadErrorAtTheChunkThatHoldsTheByte() throws {
        // A URI record in two chunks whose second chunk holds a control character.
        let input = try Hex.decode("b1 01 02 55 04 61  56 00 02 62 07")
        let findings = NDEFLint.findings(input)
        #expect(findings.violations.map(\.rule) == ["controlCharacter"])
        #expect(findings.violations.first?.record == 1)
        #expect(findings.violations.first?.offset == 10)
    }

    @Test func aTextRecordDecodesToTheDocumentedFields() throws {
        let record = try TextRecord(text: "Hallo", language: "de").record()
        let json = NDEFRecordJSON.decoded(record).serialized()
        #expect(json == #"{"kind":"text","text":"Hallo","language":"de","encoding":"utf8"}"#)
    }
}
