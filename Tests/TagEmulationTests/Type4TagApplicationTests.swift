import HexText
import NDEF
import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

/// The Type 4 Tag state machine against tables of APDUs and their exact answers.
@Suite struct Type4TagApplicationTests {
    static let selectApp = "00A4040007D276000085010100"
    static let selectAppV1 = "00A4040007D2760000850100"
    static let selectCC = "00A4000C02E103"
    static let selectNDEF = "00A4000C02E104"

    static func tag(
        _ configuration: Type4TagConfiguration = Type4TagConfiguration(),
        message: [UInt8] = exampleURIMessage
    ) -> Type4TagApplication {
        do {
            return try Type4TagApplication(configuration: configuration, message: message)
        } catch {
            preconditionFailure("test tag does not set up: \(error)")
        }
    }

    static let mapping2Scripts: [APDUScript] = [
        APDUScript(
            "the detection sequence finds the CC, NLEN and the message",
            [
                (selectApp, "9000"), (selectCC, "9000"),
                ("00B000000F", "000F2000FF00FF0406E10404000000 9000"),
                (selectNDEF, "9000"), ("00B0000002", "0010 9000"),
                ("00B0000210", "D1010C55046578616D706C652E636F6D 9000"),
            ]),
        APDUScript(
            "before the application is selected files are not found and reads not allowed",
            [
                (selectCC, "6A82"), (selectNDEF, "6A82"), ("00B0000002", "6986"),
                ("00D60000020000", "6986"),
            ]),
        APDUScript(
            "after the application and before a file, reads and updates are not allowed",
            [(selectApp, "9000"), ("00B0000002", "6986"), ("00D60000020000", "6986")]),
        APDUScript(
            "an unknown class, instruction or mapping 3.0 instruction is refused",
            [
                ("90A4040007D276000085010100", "6E00"), ("00CA000000", "6D00"),
                ("00B1000005540300000000", "6D00"), ("80B0000002", "6E00"),
            ]),
        APDUScript(
            "unknown names and files are not found and keep the current selection",
            [
                ("00A4040007A000000003101000", "6A82"), (selectAppV1, "6A82"),
                (selectApp, "9000"), (selectCC, "9000"), ("00A4000C02E105", "6A82"),
                ("00A4000C023F00", "6A82"), ("00A4040007A000000003101000", "6A82"),
                ("00B0000002", "000F 9000"),
            ]),
        APDUScript(
            "SELECT with wrong lengths or P1-P2 is refused",
            [
                ("00A40400", "6700"), (selectApp, "9000"), ("00A4000C01E1", "6700"),
                ("00A4000C03E10300", "6700"), ("00A4020C02E103", "6A86"),
                ("00A4000402E103", "6A86"), ("00A4000002E103", "9000"),
            ]),
        APDUScript(
            "reads past the end of a file are refused by offset or by length",
            [
                (selectApp, "9000"), (selectCC, "9000"), ("00B0000F01", "6B00"),
                ("00B0000010", "6700"), ("00B0000B01", "04 9000"), ("00B0000E01", "00 9000"),
                (selectNDEF, "9000"),
                ("00B0040001", "6B00"), ("00B003FF02", "6700"), ("00B003FF01", "00 9000"),
                ("00B07FFF01", "6B00"),
            ]),
        APDUScript(
            "a read asking for more than MLe or without Le is refused",
            [
                (selectApp, "9000"), (selectNDEF, "9000"), ("00B0000000", "6700"),
                ("00B00000000100", "6700"), ("00B00000", "6700"), ("00B000000100", "6700"),
                ("00B00000FF", "0010" + Hex.encode(exampleURIMessage) + zeros(255 - 18) + "9000"),
            ]),
        APDUScript(
            "a short EF identifier in P1 is refused as incorrect P1-P2",
            [(selectApp, "9000"), (selectNDEF, "9000"), ("00B0810002", "6A86")]),
        APDUScript(
            "the CC cannot be written",
            [(selectApp, "9000"), (selectCC, "9000"), ("00D600000100", "6982")]),
        APDUScript(
            "updates past the end or without data are refused",
            [
                (selectApp, "9000"), (selectNDEF, "9000"), ("00D604000100", "6B00"),
                ("00D603FF020000", "6700"), ("00D600000100", "9000"), ("00D60000", "6700"),
                ("00D603FF0142", "9000"), ("00B003FF01", "42 9000"),
            ]),
        APDUScript(
            "APDUs whose length fields do not add up are refused",
            [
                ("00B000", "6700"), (selectApp, "9000"), (selectNDEF, "9000"),
                ("00D60000050102", "6700"), ("00B000000200", "6700"), ("00", "6700"),
            ]),
        APDUScript(
            "a tearing-safe write replaces the message",
            [
                (selectApp, "9000"), (selectNDEF, "9000"), ("00D60000020000", "9000"),
                ("00B0000002", "0000 9000"), ("00D6000203D00000", "9000"),
                ("00D60000020003", "9000"), ("00B0000005", "0003D00000 9000"),
            ]),
    ]

    @Test(arguments: mapping2Scripts)
    func aMapping2TagAnswersEveryCommandWithTheExactStatusWord(_ script: APDUScript) {
        #expect(script.mismatches(on: Self.tag()) == [])
    }

    static let mapping3 = Type4TagConfiguration(
        mappingVersion: CapabilityContainer.version3, maximumFileSize: 0x9000)

    static let mapping3Scripts: [APDUScript] = [
        APDUScript(
            "the detection sequence reads the ENDEF control TLV and ENLEN",
            [
                (selectApp, "9000"), (selectCC, "9000"),
                ("00B0000011", "00113000FF00FF0608E10400009000 0000 9000"),
                (selectNDEF, "9000"), ("00B0000004", "00000010 9000"),
                ("00B0000410", Hex.encode(exampleURIMessage) + "9000"),
            ]),
        APDUScript(
            "offset data objects reach beyond 0x7FFF",
            [
                (selectApp, "9000"), (selectNDEF, "9000"),
                ("00D7000009540300800053024142", "9000"),
                ("00B1000005540300800004", "53024142 9000"),
                ("00B1000005540300000006", "53040000001090 00"),
                ("00B1000005540400800004", "6A80"), ("00B1000005548FFFFF", "6700"),
                ("00B10000055403009000 04", "6B00"),
                ("00B100000554030090000100", "6700"), ("00B1000005540300800002", "6700"),
            ]),
        APDUScript(
            "malformed offset and data objects are refused",
            [
                (selectApp, "9000"), (selectNDEF, "9000"),
                ("00D700000953030080005302414200", "6A80"),
                ("00D7000009540300800054024142", "6A80"),
                ("00D7000009540300800053034142", "6A80"),
                ("00D7000105540300800053", "6A86"),
                ("00D7000007540300800053 00", "6700"),
                ("00B10000045403008002", "6A80"),
            ]),
    ]

    @Test(arguments: mapping3Scripts)
    func aMapping3TagAnswersEveryCommandWithTheExactStatusWord(_ script: APDUScript) {
        #expect(script.mismatches(on: Self.tag(Self.mapping3)) == [])
    }

    @Test func aReadOnlyTagIsReadButRefusesUpdatesWithSecurityNotSatisfied() {
        let script = APDUScript(
            "read-only",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", "000F2000FF00FF0406E1040400 00FF 9000"),
                (Self.selectNDEF, "9000"), ("00B0000002", "0010 9000"),
                ("00D60000020000", "6982"), ("00B0000002", "0010 9000"),
            ])
        let tag = Self.tag(Type4TagConfiguration(isReadOnly: true))
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aTagThatIsNotNDEFFormattedAnswersFileNotFoundToBothApplicationNames() {
        let script = APDUScript(
            "not formatted",
            [
                (Self.selectApp, "6A82"), (Self.selectAppV1, "6A82"), (Self.selectCC, "6A82"),
                ("00B0000002", "6986"),
            ])
        let tag = Self.tag(
            Type4TagConfiguration(answersVersion1Application: true, isNDEFFormatted: false))
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aMapping1TagAnswersOnlyTheVersion1NameAndFileSelectsWithP2Zero() {
        let script = APDUScript(
            "mapping 1.0",
            [
                (Self.selectApp, "6A82"), (Self.selectAppV1, "9000"),
                ("00A4000002E103", "9000"), ("00B000000F", "000F1000FF00FF0406E10404000000 9000"),
                ("00A4000002E104", "9000"), ("00B0000002", "0010 9000"),
            ])
        let tag = Self.tag(
            Type4TagConfiguration(
                mappingVersion: 0x10, answersVersion2Application: false,
                answersVersion1Application: true))
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aTagAnsweringBothNamesAcceptsTheVersion1NameAsAFallback() {
        let script = APDUScript(
            "both names", [(Self.selectAppV1, "9000"), (Self.selectCC, "9000")])
        let tag = Self.tag(Type4TagConfiguration(answersVersion1Application: true))
        #expect(script.mismatches(on: tag) == [])
        #expect(APDUScript("v2", [(Self.selectApp, "9000")]).mismatches(on: tag) == [])
    }

    @Test func mleAndMlcBoundEveryReadAndUpdate() {
        let configuration = Type4TagConfiguration(
            maximumResponseDataLength: 0x0F, maximumCommandDataLength: 0x04)
        let script = APDUScript(
            "MLe 15, MLc 4",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", "000F20000F00040406E10404000000 9000"), (Self.selectNDEF, "9000"),
                ("00B0000010", "6700"), ("00B000000F", "0010D1010C55046578616D706C652E 9000"),
                ("00D600020501020304 05", "6700"), ("00D60002040102030400", "9000"),
            ])
        #expect(script.mismatches(on: Self.tag(configuration)) == [])
    }

    @Test func deselectingForgetsTheSelectionButKeepsTheFiles() {
        var tag = Self.tag()
        _ = tag.respond(to: bytes(Self.selectApp))
        _ = tag.respond(to: bytes(Self.selectNDEF))
        _ = tag.respond(to: bytes("00D60000020000"))
        #expect(tag.selection == .file(.ndef))
        tag.deselect()
        #expect(tag.selection == .none)
        #expect(tag.respond(to: bytes("00B0000002")) == bytes("6986"))
        #expect(tag.storedNDEF == .empty)
    }

    @Test func aMessageLargerThanTheFileIsRefusedAtSetUp() {
        let configuration = Type4TagConfiguration(maximumFileSize: 0x10)
        #expect(throws: TagEmulationError.ndefFile(.messageTooLong(length: 16, capacity: 14))) {
            try Type4TagApplication(configuration: configuration, message: exampleURIMessage)
        }
        let broken = Type4TagConfiguration(maximumResponseDataLength: 0x0E)
        #expect(throws: TagEmulationError.capabilityContainer(.mleTooSmall(offset: 3, mle: 14))) {
            try Type4TagApplication(configuration: broken)
        }
    }
}

/// `count` zero bytes as hex.
func zeros(_ count: Int) -> String { String(repeating: "00", count: count) }

/// Bytes as hex, for building expected answers.
