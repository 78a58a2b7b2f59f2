import NFCRigTestSupport
import TagEmulation
import TagFormat
import Testing

/// Each of a Type 4 Tag's quirks (issue 22) against scripts of APDUs and their exact answers:
/// the tag departs from the well-behaved one where the quirk says, and nowhere else.
@Suite struct Type4TagQuirksTests {
    static let selectApp = Type4TagApplicationTests.selectApp
    static let selectAppNoLe = "00A4040007D2760000850101"
    static let selectAppV1 = Type4TagApplicationTests.selectAppV1
    static let selectAppV1WithLe = "00A4040007D276000085010000"
    static let selectCC = Type4TagApplicationTests.selectCC
    static let selectNDEF = Type4TagApplicationTests.selectNDEF
    static let wellBehavedCC = "000F2000FF00FF0406E10404000000"

    static func tag(_ quirks: Type4TagQuirks, _ configuration: Type4TagConfiguration = .init())
        -> Type4TagApplication
    {
        var configuration = configuration
        configuration.quirks = quirks
        return Type4TagApplicationTests.tag(configuration)
    }

    @Test func aCCFileCanAnnounceAnotherCCLENAndKeepItsRealLength() {
        for (announced, shown) in [(UInt16(0x000E), "000E"), (0xFFFF, "FFFF"), (0x0000, "0000")] {
            let tag = Self.tag(Type4TagQuirks(announcedCCLength: announced))
            let script = APDUScript(
                "CCLEN \(shown)",
                [
                    (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                    ("00B000000F", shown + Self.wellBehavedCC.dropFirst(4) + "9000"),
                    ("00B0000F01", "6B00"),
                ])
            #expect(script.mismatches(on: tag) == [])
            #expect(tag.capabilityContainerFile.count == 15)
        }
    }

    @Test func aCCFileCanAnnounceAMappingVersionTheSpecificationDoesNotDefine() {
        let tag = Self.tag(Type4TagQuirks(announcedMappingVersion: 0x40))
        let script = APDUScript(
            "mapping 4.0",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", "000F4000FF00FF0406E10404000000 9000"),
                // The tag itself keeps its 2.0 layout: NLEN, and no B1 before 3.0.
                (Self.selectNDEF, "9000"), ("00B0000002", "0010 9000"),
                ("00B1000005540300000004", "6D00"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aTagCanRefuseTheSelectWithoutLeAsTheNordicTagOfNfcpy168Does() {
        let tag = Self.tag(Type4TagQuirks(selectWithoutLe: .fileNotFound))
        let script = APDUScript(
            "SELECT without Le refused",
            [
                (Self.selectAppNoLe, "6A82"), (Self.selectAppV1, "6A82"),
                (Self.selectCC, "6A82"), (Self.selectApp, "9000"),
                // File SELECTs carry no Le and are not affected.
                (Self.selectCC, "9000"), ("00B0000002", "000F 9000"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aMapping1TagCanRefuseTheSelectWithLe() {
        let configuration = Type4TagConfiguration(
            mappingVersion: 0x10, answersVersion2Application: false,
            answersVersion1Application: true)
        let tag = Self.tag(Type4TagQuirks(selectWithLe: .wrongLength), configuration)
        let script = APDUScript(
            "SELECT with Le refused",
            [
                // The 2.0 name is unknown to a 1.0 tag, with Le or without.
                (Self.selectApp, "6A82"), (Self.selectAppV1WithLe, "6700"),
                (Self.selectAppV1, "9000"), ("00A4000002E103", "9000"),
                ("00B000000F", "000F1000FF00FF0406E10404000000 9000"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aTagCanRefuseExtendedLengthAPDUsAndStillAnswerShortOnes() {
        let tag = Self.tag(Type4TagQuirks(refusesExtendedLength: true))
        let script = APDUScript(
            "short APDUs only",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B00000 00000F", "6700"), ("00B000000F", Self.wellBehavedCC + "9000"),
                (Self.selectNDEF, "9000"), ("00D6000000000200 00", "6700"),
                ("00D60000020000", "9000"),
            ])
        #expect(script.mismatches(on: tag) == [])
        // The well-behaved tag takes both encodings.
        let plain = APDUScript(
            "extended accepted",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B00000 00000F", Self.wellBehavedCC + "9000"),
            ])
        #expect(plain.mismatches(on: Self.tag(.none)) == [])
    }

    @Test func theNDEFFileTheCCNamesCanBeMissing() {
        let tag = Self.tag(Type4TagQuirks(ndefFileMissing: true))
        let script = APDUScript(
            "no NDEF file",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", Self.wellBehavedCC + "9000"), (Self.selectNDEF, "6A82"),
                // The failed SELECT keeps the CC selected.
                ("00B0000002", "000F 9000"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func theNDEFFileCanBeShorterThanTheCCAnnounces() throws {
        var configuration = Type4TagConfiguration()
        configuration.quirks = Type4TagQuirks(ndefFileSize: 0x40)
        // NLEN 0100 where only 62 message bytes fit.
        let file = [0x01, 0x00] + [UInt8](repeating: 0xAB, count: 0x20)
        let tag = try Type4TagApplication(configuration: configuration, ndefFile: file)
        #expect(tag.ndefFile.count == 0x40)
        let script = APDUScript(
            "64-byte file",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", Self.wellBehavedCC + "9000"), (Self.selectNDEF, "9000"),
                ("00B0000002", "0100 9000"),
                ("00B000023E", String(repeating: "AB", count: 0x20) + zeros(0x1E) + "9000"),
                ("00B000023F", "6700"), ("00B0004001", "6B00"), ("00D6004001AA", "6B00"),
            ])
        #expect(script.mismatches(on: tag) == [])
        configuration.quirks.ndefFileSize = 0x0401
        #expect(throws: TagEmulationError.ndefFileTooLong(length: 0x0401, maximumFileSize: 0x0400))
        {
            try Type4TagApplication(configuration: configuration)
        }
    }

    @Test func aReadPastAFilesEndCanBeAnsweredWithWhatIsThereAnd9000() {
        let tag = Self.tag(Type4TagQuirks(announcedCCLength: 0xFFFF, answersShortReads: true))
        let cc = "FFFF" + Self.wellBehavedCC.dropFirst(4)
        let script = APDUScript(
            "short reads",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                // nfcpy's read after CCLEN FFFF: 15 bytes from offset 2, where 13 are.
                ("00B000020F", String(cc.dropFirst(4)) + "9000"),
                ("00B0000E05", String(cc.suffix(2)) + "9000"),
                // Past the end there is nothing to answer with.
                ("00B0000F01", "6B00"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aReadFromAFilesEndCanBeAnswered9000WithNoDataSoManyTimes() {
        let tag = Self.tag(Type4TagQuirks(answersShortReads: true, emptyReadsPastEnd: 2))
        let script = APDUScript(
            "empty reads",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", Self.wellBehavedCC + "9000"),
                // Twice 9000 with nothing, from the end on; then refused as by a good tag.
                ("00B0000F01", "9000"), ("00B0001001", "9000"), ("00B0000F01", "6B00"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func aCCFileCanShowAReadAccessItsTagDoesNotKeep() {
        let tag = Self.tag(Type4TagQuirks(announcedReadAccess: 0xFF))
        let script = APDUScript(
            "read access FF",
            [
                (Self.selectApp, "9000"), (Self.selectCC, "9000"),
                ("00B000000F", "000F2000FF00FF0406E1040400FF009000"),
                // The file is served all the same.
                (Self.selectNDEF, "9000"), ("00B0000002", "0010 9000"),
            ])
        #expect(script.mismatches(on: tag) == [])
    }

    @Test func withoutQuirksTheTagIsTheWellBehavedOne() {
        #expect(Type4TagConfiguration().quirks == .none)
        #expect(Self.tag(.none) == Type4TagApplicationTests.tag())
    }
}
