import ISODEP
import Rig
import TagEmulation
import TagFormat

/// `iso7816`: a reader's ISO 7816 tag reader session, as CoreNFC's `NFCTagReaderSession`
/// runs one (issue 24): the AIDs an app registered SELECTed in order at discovery, then
/// `sendCommand(apdu:)`. The tag is a card hosting a transit application (a table of
/// answers, one of them slow), an application answering in parts (61XX, 6CXX) and a
/// loopback beside the NDEF application. Judged from the SELECTs and commands the card
/// received and the blocks the reader sent it, and from what the DUT reported.
enum ISO7816Suite: ConformanceSuite {
    static let name = "iso7816"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "A tag reader session as CoreNFC's NFCTagReaderSession runs one: the AIDs an app "
            + "registered SELECTed in order at discovery, then `sendCommand(apdu:)`. The tag is "
            + "a Type 4 tag whose card hosts, beside the NDEF application, a transit application "
            + "(`A00000039656434103F01200`: a balance, a command that takes 300 ms, a 1000-byte "
            + "record), an application built for T=0 readers (`F04C4547414359`: answers in "
            + "64-byte parts with 61XX, 6CXX for a short Le) and a loopback (`F04E4643524947`). "
            + "The DUT's `select` and `apdu` operations drive it; a DUT that offers neither is "
            + "skipped.",
        "Verdicts rest on the SELECTs and commands the card received, the ISO-DEP blocks the "
            + "reader sent it, and what the DUT reported.",
        "Profiles: the discovery SELECTs, the refused SELECT, the error after the card left, "
            + "the application data and the historical bytes (ISO7816-001…004, 012, 014, 015) "
            + "are CoreNFC's API contracts, judged under `corenfc` only; the exchanges "
            + "(ISO7816-005…011, 013) are ISO/IEC 7816-4 and 14443-4 transport, judged under "
            + "every profile. ISO7816-009 and "
            + "ISO7816-010 (61XX and 6CXX): CoreNFC hands the app the card's answer as it came, "
            + "and so does an NFC Forum reader, while ISO/IEC 7816-3 lets a T=0 transport fetch "
            + "the rest or resend the command itself, so under `iso14443` the whole answer is "
            + "accepted too.",
        "Measurements: `timeToDetect` and `apduTime.<64B`, `apduTime.<512B`, "
            + "`apduTime.<4KiB`, `apduTime.≥4KiB`: the DUT's `apdu` round trips by command and "
            + "response size together.",
    ]

    /// A transit application: a balance, a slow command, a long record.
    static let transit = identifier("A00000039656434103F01200")
    /// An application built for T=0 readers: answers in 64-byte parts (61XX), 6CXX for a
    /// short Le.
    static let legacy = identifier("F04C4547414359")
    /// A loopback, as NFC Forum's test applications have.
    static let loopback = identifier("F04E4643524947")
    /// Applications the card does not have.
    static let absent = identifier("A0000000041010")
    static let alsoAbsent = identifier("A0000000031010")

    /// The transit application's FCI proprietary data: its label.
    static let transitLabel: [UInt8] = [0x50, 0x07] + Array("TRANSIT".utf8)
    /// The ATS's historical bytes.
    static let historicalBytes: [UInt8] = [0x80, 0x4E, 0x46, 0x43, 0x52]

    /// Commands of the transit and legacy applications.
    static let balance: [UInt8] = [0x90, 0x6C, 0x00, 0x00, 0x00]
    static let slowCommand: [UInt8] = [0x90, 0x6D, 0x00, 0x00, 0x00]
    static let unknownCommand: [UInt8] = [0x90, 0x5A, 0x00, 0x00]
    static let longRecord: [UInt8] = [0x80, 0xCA, 0x00, 0x01, 0x00, 0x00, 0x00]
    static let partsCommand: [UInt8] = [0x80, 0xCA, 0x00, 0x00, 0x00]
    static let readRecord: [UInt8] = [0x00, 0xB2, 0x01, 0x0C]

    static let balanceAnswer: [UInt8] = [0x00, 0x00, 0x10, 0x00]
    static let slowAnswer: [UInt8] = [0x01, 0x02]
    static let slowDelay = Duration.milliseconds(300)
    static let longAnswer = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 7) }
    static let partsAnswer = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 3) }
    static let partLength = 64
    static let recordAnswer = (0..<23).map { UInt8(0x40 + $0) }

    /// The card every case presents.
    static let card: TagSetup = {
        var setup = Type4Setup(
            content: Fixtures.encode([Fixtures.uri("https://example.com/iso7816")]),
            applications: [
                ISO7816Application(
                    identifier: transit, proprietaryData: transitLabel,
                    behaviour: .responder(
                        [
                            rule(balance, APDUReply(data: balanceAnswer)),
                            rule(slowCommand, APDUReply(data: slowAnswer, delay: slowDelay)),
                            rule(longRecord, APDUReply(data: longAnswer)),
                        ], unmatched: .insNotSupported)),
                ISO7816Application(
                    identifier: legacy,
                    behaviour: .responder(
                        [
                            rule(partsCommand, APDUReply(data: partsAnswer)),
                            rule(readRecord, APDUReply(data: recordAnswer)),
                        ], unmatched: .insNotSupported),
                    responsePartLength: partLength),
                ISO7816Application(identifier: loopback),
            ])
        var card = ISODEPCardConfiguration()
        card.ats.historicalBytes = historicalBytes
        setup.isoDEP = card
        return .type4(setup)
    }()

    static var cases: [ConformanceCase] {
        let session =
            "Apple's CoreNFC documentation, NFCISO7816Tag (developer.apple.com/documentation/"
            + "corenfc/nfciso7816tag): at discovery the session SELECTs the AIDs the app "
            + "registered (com.apple.developer.nfc.readersession.iso7816.select-identifiers), in "
            + "order, up to the first the card answers with 9000; ISO/IEC 7816-4:2005 §5.1.3 "
            + "(Status bytes): 6A82, file or application not found, for an application the card "
            + "lacks"
        let transport =
            "ISO/IEC 7816-4:2005 §5.1 (Command-response pairs: short and extended length "
            + "fields) and ISO/IEC 14443-4:2018 §7.6.3 (Chaining): an APDU goes to the card as "
            + "sent, and its answer comes back whole"
        return [
            selectionCase(
                "ISO7816-001",
                "SELECTs the registered AIDs in order and stops at the first the card answers",
                [transit, loopback], expecting: transit, rule: session),
            selectionCase(
                "ISO7816-002",
                "falls back to the second AID when the card answers the first with 6A82",
                [absent, loopback], expecting: loopback, rule: session),
            selectionCase(
                "ISO7816-003",
                "does not offer a card that answers none of the AIDs as an ISO 7816 tag",
                [absent, alsoAbsent], expecting: nil, rule: session),
            securityViolationCase("ISO7816-004"),
            loopbackCase(
                "ISO7816-005",
                "exchanges the longest short APDU, 255 data bytes and Le 256, with the loopback",
                dataLength: 255, extended: false, rule: transport),
            loopbackCase(
                "ISO7816-006",
                "exchanges an extended APDU of 1024 data bytes and Le 65536 with the loopback",
                dataLength: 1024, extended: true, rule: transport),
            loopbackCase(
                "ISO7816-007",
                "carries a 4 KiB round trip through the loopback in extended APDUs, chained "
                    + "both ways", dataLength: 4096, extended: true, rule: transport),
            chainedAnswerCase("ISO7816-008", transport),
            partsCase("ISO7816-009"),
            wrongLeCase("ISO7816-010"),
            slowCommandCase("ISO7816-011"),
            departureCase("ISO7816-012"),
            statusWordCase("ISO7816-013"),
            applicationDataCase("ISO7816-014"),
            historicalBytesCase("ISO7816-015"),
        ]
    }

    static func identifier(_ hex: String) -> ApplicationIdentifier {
        guard let identifier = try? ApplicationIdentifier(hex: hex) else {
            preconditionFailure("\(hex) is a valid application identifier")
        }
        return identifier
    }

    /// A rule matching `command`'s header (and data, when it has some) exactly.
    static func rule(_ command: [UInt8], _ reply: APDUReply) -> APDURule {
        APDURule(
            APDUPattern(cla: command[0], ins: command[1], p1: command[2], p2: command[3]), reply)
    }
}
