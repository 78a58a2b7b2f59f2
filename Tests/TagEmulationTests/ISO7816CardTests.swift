import TagEmulation
import TagFormat
import Testing

/// The card behind a Type 4 emulator: hosted ISO/IEC 7816-4 applications beside the NDEF
/// Tag Application, answering APDU by APDU.
@Suite struct ISO7816CardTests {
    static let loopbackID = try! ApplicationIdentifier(hex: "F0010203040506")
    static let paymentID = try! ApplicationIdentifier(hex: "A0000000031010")
    static let slow = APDURule(
        APDUPattern(cla: 0x80, ins: 0x10),
        APDUReply(data: [0xAB], statusWord: .ok, delay: .milliseconds(300)))

    static func card(
        loopback: ISO7816Application = ISO7816Application(identifier: loopbackID)
    ) throws -> ISO7816Card {
        let ndef = try Type4TagApplication(
            configuration: Type4TagConfiguration(), message: [0xD0, 0x00, 0x00])
        let responder = ISO7816Application(
            identifier: paymentID, proprietaryData: [0x50, 0x04, 0x56, 0x49, 0x53, 0x41],
            behaviour: .responder(
                [
                    APDURule(APDUPattern(ins: 0xCA, p1: 0x9F, p2: 0x36), APDUReply(data: [0, 7])),
                    slow,
                ],
                unmatched: .insNotSupported))
        return try ISO7816Card(ndef: ndef, applications: [loopback, responder])
    }

    static func select(_ id: ApplicationIdentifier, le: Int? = 256) throws -> [UInt8] {
        try CommandAPDU(ins: 0xA4, p1: 0x04, p2: 0x00, data: id.bytes, le: le).encoded()
    }

    static func command(
        cla: UInt8 = 0x80, ins: UInt8 = 0x01, data: [UInt8] = [], le: Int? = nil,
        extended: Bool = false
    ) throws -> [UInt8] {
        try CommandAPDU(
            cla: cla, ins: ins, p1: 0, p2: 0, data: data, le: le, forcesExtendedLength: extended
        ).encoded()
    }

    @Test func selectingAHostedApplicationAnswersItsFCIWhenLeAsksForIt() throws {
        var card = try Self.card()
        let fci = try card.respond(to: Self.select(Self.paymentID))
        #expect(
            fci
                == [0x6F, 0x11, 0x84, 0x07] + Self.paymentID.bytes
                + [0xA5, 0x06, 0x50, 0x04, 0x56, 0x49, 0x53, 0x41, 0x90, 0x00])
        #expect(card.selectedApplication == Self.paymentID)
        #expect(try card.respond(to: Self.select(Self.loopbackID, le: nil)) == [0x90, 0x00])
        #expect(card.selectedApplication == Self.loopbackID)
    }

    @Test func anUnknownApplicationGets6A82AndTheSelectionStays() throws {
        var card = try Self.card()
        _ = try card.respond(to: Self.select(Self.loopbackID))
        let unknown = try ApplicationIdentifier(hex: "A000000004101099")
        #expect(try card.respond(to: Self.select(unknown)) == [0x6A, 0x82])
        #expect(card.selectedApplication == Self.loopbackID)
        #expect(try card.respond(to: Self.command(data: [1, 2], le: 256)) == [1, 2, 0x90, 0x00])
    }

    @Test func theLoopbackEchoesShortAndExtendedCommandsAndRefusesAShortLe() throws {
        var card = try Self.card()
        _ = try card.respond(to: Self.select(Self.loopbackID))
        #expect(
            try card.respond(to: Self.command(data: [1, 2, 3], le: 256)) == [1, 2, 3, 0x90, 0x00])
        #expect(try card.respond(to: Self.command(data: [1, 2, 3])) == [0x90, 0x00])
        #expect(try card.respond(to: Self.command(data: [1, 2, 3], le: 2)) == [0x6C, 0x03])
        let big = (0..<4096).map { UInt8($0 & 0xFF) }
        #expect(
            try card.respond(to: Self.command(data: big, le: 65_536, extended: true))
                == big + [0x90, 0x00])
        // No files: SELECT by file identifier finds none.
        #expect(
            try card.respond(
                to: CommandAPDU(ins: 0xA4, p1: 0, p2: 0x0C, data: [0xE1, 0x04]).encoded())
                == [0x6A, 0x82])
    }

    @Test func aResponderAnswersTheFirstRuleThatMatchesAndRefusesTheRest() throws {
        var card = try Self.card()
        _ = try card.respond(to: Self.select(Self.paymentID))
        #expect(
            try card.respond(
                to: CommandAPDU(cla: 0x80, ins: 0xCA, p1: 0x9F, p2: 0x36, le: 256).encoded())
                == [0, 7, 0x90, 0x00])
        #expect(
            try card.respond(
                to: CommandAPDU(cla: 0x80, ins: 0xCA, p1: 0x9F, p2: 0x17, le: 256).encoded())
                == [0x6D, 0x00])
    }

    @Test func onlyTheSlowCommandOfTheSelectedApplicationTakesTime() throws {
        var card = try Self.card()
        let slowCommand = try Self.command(ins: 0x10, le: 256)
        #expect(card.delay(for: slowCommand) == .zero)
        _ = try card.respond(to: Self.select(Self.paymentID))
        #expect(card.delay(for: slowCommand) == .milliseconds(300))
        #expect(try card.delay(for: Self.command(ins: 0x11)) == .zero)
        #expect(try card.delay(for: Self.select(Self.paymentID)) == .zero)
        #expect(card.respond(to: slowCommand) == [0xAB, 0x90, 0x00])
    }

    @Test func anAnswerInPartsComesWith61XXAndGetResponseFetchesTheRest() throws {
        var card = try Self.card(
            loopback: ISO7816Application(identifier: Self.loopbackID, responsePartLength: 100))
        _ = try card.respond(to: Self.select(Self.loopbackID))
        let data = (0..<250).map { UInt8($0) }
        let getResponse = try CommandAPDU(ins: 0xC0, p1: 0, p2: 0, le: 256).encoded()
        #expect(
            try card.respond(to: Self.command(data: data, le: 256)) == Array(data[..<100]) + [
                0x61, 150,
            ])
        #expect(card.respond(to: getResponse) == Array(data[100..<200]) + [0x61, 50])
        #expect(card.respond(to: getResponse) == Array(data[200...]) + [0x90, 0x00])
        #expect(card.respond(to: getResponse) == [0x69, 0x85])
        // Another command drops what GET RESPONSE had still to fetch.
        _ = try card.respond(to: Self.command(data: data, le: 256))
        _ = try card.respond(to: Self.command(data: [], le: 256))
        #expect(card.respond(to: getResponse) == [0x69, 0x85])
    }

    @Test func theLastPartEndsWithTheStatusWordOfTheWholeAnswer() throws {
        let warning = ISO7816Application(
            identifier: Self.loopbackID,
            behaviour: .responder(
                [
                    APDURule(
                        APDUPattern(ins: 0xB0),
                        APDUReply(
                            data: Array(repeating: 7, count: 80), statusWord: .endOfFileReached))
                ], unmatched: .insNotSupported), responsePartLength: 64)
        var card = try Self.card(loopback: warning)
        _ = try card.respond(to: Self.select(Self.loopbackID))
        let first = try card.respond(to: CommandAPDU(ins: 0xB0, p1: 0, p2: 0, le: 256).encoded())
        #expect(first.suffix(2) == [0x61, 16])
        let rest = try card.respond(to: CommandAPDU(ins: 0xC0, p1: 0, p2: 0, le: 16).encoded())
        #expect(rest == Array(repeating: 7, count: 16) + [0x62, 0x82])
    }

    @Test func theNDEFApplicationAnswersBesideTheHostedOnes() throws {
        var card = try Self.card()
        _ = try card.respond(to: Self.select(Self.loopbackID))
        #expect(card.respond(to: Type4Tag.selectNDEFApplication().encoded()) == [0x90, 0x00])
        #expect(card.selectedApplication == nil)
        #expect(card.respond(to: Type4Tag.selectCapabilityContainer().encoded()) == [0x90, 0x00])
        #expect(
            try card.respond(to: Type4Tag.readBinary(offset: 0, length: 2).encoded()) == [
                0x00, 0x0F, 0x90, 0x00,
            ])
        // Selecting a hosted application leaves no file of the NDEF application selected.
        _ = try card.respond(to: Self.select(Self.loopbackID))
        #expect(card.ndef.selection == .none)
        card.deselect()
        #expect(card.selectedApplication == nil)
    }

    @Test func twoApplicationsOfOneNameOrOneNamedAsTheNDEFApplicationAreRefused() throws {
        let ndef = try Type4TagApplication(configuration: Type4TagConfiguration())
        let twice = ISO7816Application(identifier: Self.loopbackID)
        #expect(throws: TagEmulationError.duplicateApplication(Self.loopbackID.bytes)) {
            try ISO7816Card(ndef: ndef, applications: [twice, twice])
        }
        #expect(throws: TagEmulationError.duplicateApplication(Type4Tag.ndefApplicationAID)) {
            try ISO7816Card(
                ndef: ndef,
                applications: [ISO7816Application(identifier: .ndefTagApplication)])
        }
    }
}
