import Foundation
import HexText
import NDEF
import Testing

@testable import nfcrig

/// The `nfcrig ndef` verbs as scripts see them: exit statuses, stdout JSON, stderr errors.
@Suite struct NDEFCommandLineTests {
    @Test func decodeJSONHasTheDocumentedKeysInOrder() throws {
        let outcome = try NFCRigProcess.run(["ndef", "decode", "--json", "d10104550461"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.hasPrefix(
                #"{"error":{"rule":"lengthOverrunsInput","record":0,"offset":4,"message":"#))

        let good = try NFCRigProcess.run(["ndef", "decode", "--json", "d101055504612e6263"])
        #expect(good.status == 0)
        #expect(
            good.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == #"{"records":[{"tnf":"wellKnown","type":"U","typeHex":"55","idHex":"","#
                + #""payloadHex":"04612e6263","chunks":1,"decoded":{"kind":"uri","#
                + #""uri":"https://a.bc"}}]}"#)
    }

    @Test func aDecodeErrorNamesTheInputTheRuleAndTheOffset() throws {
        let outcome = try NFCRigProcess.run(["ndef", "decode", "91010155005101"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("the HEX argument"))
        #expect(outcome.stderr.contains("truncatedHeader: record 1 at offset 5"))
    }

    @Test func badHexIsAUsageErrorWithItsPosition() throws {
        let outcome = try NFCRigProcess.run(["ndef", "decode", "d1 0x"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("position 4"))
    }

    @Test func lintExitsZeroOnACleanMessageAndReportsTheBackgroundVerdict() throws {
        let outcome = try NFCRigProcess.run(["ndef", "lint", "--json", "d101055504612e6263"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains(#""violations":[]"#))
        #expect(
            outcome.stdout.contains(
                #""dispatch":true,"record":0,"url":"https://a.bc","kind":"web""#))
    }

    @Test func lintExitsOneOnViolationsAndTwoOnMissingInput() throws {
        let violating = try NFCRigProcess.run(["ndef", "lint", "d101035504fe01"])
        #expect(violating.status == 1)
        #expect(violating.stdout.contains("invalidUTF8: record 0 at offset 5"))
        let missing = try NFCRigProcess.run(["ndef", "lint"])
        #expect(missing.status == 2)
    }

    @Test func lintSaysWhereAMessageLevelViolationIsOnce() throws {
        let outcome = try NFCRigProcess.run(["ndef", "lint", "9101015500"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                "violation: messageEndMissing: record 0 at offset 5: the input ends"),
            "\(outcome.stdout)")
    }

    @Test func encodeKeepsRecordsInTheOrderGiven() throws {
        let outcome = try NFCRigProcess.run([
            "ndef", "encode", "--text", "hi", "--lang", "fr", "--uri", "https://a.bc",
        ])
        #expect(outcome.status == 0)
        let message = try NDEFDecoder().decode(
            try Hex.decode(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(message.records.map(\.typeName) == ["T", "U"])
        #expect(try TextRecord(message.records[0]).language == "fr")
    }

    @Test func encodeRefusesAnUnknownRecordOptionAsAUsageError() throws {
        let outcome = try NFCRigProcess.run(["ndef", "encode", "--color", "red"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--color"))
    }

    @Test func decodeReadsHexFromStandardInput() throws {
        let outcome = try NFCRigProcess.run(
            ["ndef", "decode", "-"], stdin: "d1 01 05 55 04 61 2e 62 63\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("uri: https://a.bc"))
    }

    @Test func lenientDecodeShowsRecordsAndViolationsAndExitsOne() throws {
        let outcome = try NFCRigProcess.run([
            "ndef", "decode", "--lenient", "--json", "11010155005101015501",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains(#""violations":[{"rule":"messageBeginMissing""#))
        #expect(outcome.stdout.contains(#""records":[{"tnf":"wellKnown""#))
    }
}
