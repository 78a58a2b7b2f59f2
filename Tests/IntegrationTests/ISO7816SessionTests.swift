import NDEF
import NFCRigTestSupport
import Rig
import TagEmulation
import TagFormat
import TagReader
import Testing

/// nfcrig's reference reader in a tag reader session with an emulated card hosting ISO/IEC
/// 7816-4 applications: selection at discovery in the list's order, `sendCommand` with
/// CoreNFC's rules, chaining and WTX below it.
@Suite struct ISO7816SessionTests {
    static let loopback = try! ApplicationIdentifier(hex: "F0010203040506")
    static let transit = try! ApplicationIdentifier(hex: "A00000039656434103F01200")
    static let unknown = try! ApplicationIdentifier(hex: "A0000000041010")

    /// A card with the NDEF application, a loopback and a transit application that answers
    /// a balance read slowly.
    static let setup = Type4Setup(
        content: TestMessages.bytes(TestMessages.texts(1)),
        applications: [
            ISO7816Application(identifier: loopback),
            ISO7816Application(
                identifier: transit, proprietaryData: [0x50, 0x03, 0x42, 0x55, 0x53],
                behaviour: .responder(
                    [
                        APDURule(
                            APDUPattern(cla: 0x90, ins: 0x6C),
                            APDUReply(data: [0, 0, 0x10, 0x00], delay: .milliseconds(200)))
                    ], unmatched: .insNotSupported)),
        ])

    @Test func discoverySelectsTheFirstIdentifierOfTheListTheCardAnswers() async throws {
        let bench = try await Bench()
        let selection = try await bench.run(.type4(Self.setup)) {
            _ = try await bench.connect()
            return try await bench.reader.selectISO7816Application(
                from: [Self.unknown, Self.transit, Self.loopback])
        }
        let selected = try #require(selection)
        #expect(selected.initialSelectedAID == Self.transit)
        // Apple's applicationData is a Type B card's ATQB data: none for this Type A card.
        #expect(selected.applicationData == nil)
        let selects = await bench.commands().filter { $0.count > 4 && $0[1] == 0xA4 && $0[2] == 4 }
        #expect(
            selects.map { Array($0[5..<(5 + Int($0[4]))]) } == [
                Self.unknown.bytes, Self.transit.bytes,
            ])
        #expect(
            bench.readerEvents.all.contains { $0.kind == .applicationSelected(Self.transit.bytes) })
    }

    @Test func aCardAnsweringNoIdentifierOfTheListIsNoISO7816Tag() async throws {
        let bench = try await Bench()
        let selection = try await bench.run(.type4(Self.setup)) {
            _ = try await bench.connect()
            return try await bench.reader.selectISO7816Application(from: [Self.unknown])
        }
        #expect(selection == nil)
    }

    @Test func sendCommandReturnsEveryStatusWordAndRefusesASelectOutsideTheList()
        async throws
    {
        let bench = try await Bench()
        let (refusal, unsupported, echo) = try await bench.run(.type4(Self.setup)) {
            _ = try await bench.connect()
            _ = try await bench.reader.selectISO7816Application(from: [Self.loopback, Self.transit])
            let refusal = await #expect(throws: NFCReaderError.self) {
                try await bench.reader.sendCommand(
                    CommandAPDU(ins: 0xA4, p1: 0x04, p2: 0x00, data: Self.unknown.bytes, le: 256))
            }
            _ = try await bench.reader.sendCommand(
                CommandAPDU(ins: 0xA4, p1: 0x04, p2: 0x00, data: Self.transit.bytes, le: 256))
            let unsupported = try await bench.reader.sendCommand(
                CommandAPDU(cla: 0x90, ins: 0x5A, p1: 0, p2: 0))
            _ = try await bench.reader.sendCommand(
                CommandAPDU(ins: 0xA4, p1: 0x04, p2: 0x0C, data: Self.loopback.bytes))
            let echo = try await bench.reader.sendCommand(
                CommandAPDU(cla: 0x80, ins: 0x01, p1: 0, p2: 0, data: [1, 2, 3], le: 2))
            return (refusal, unsupported, echo)
        }
        #expect(
            refusal == .securityViolation(applicationIdentifier: Self.unknown.bytes))
        #expect(refusal?.coreNFCCode?.value == 2)
        #expect(unsupported.statusWord == .insNotSupported)
        #expect(echo == ResponseAPDU(statusWord: .wrongLe(exactLength: 3)))
        // The refused SELECT never reached the card.
        #expect(
            !(await bench.commands()).contains {
                $0.count > 5 && Array($0[5...]).starts(with: Self.unknown.bytes)
            })
    }

    @Test func fourKilobytesGoThroughTheLoopbackInExtendedAPDUsChainedBothWays() async throws {
        let bench = try await Bench()
        let data = (0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let answer = try await bench.run(.type4(Self.setup)) {
            _ = try await bench.connect()
            _ = try await bench.reader.selectISO7816Application(from: [Self.loopback])
            return try await bench.reader.sendCommand(
                CommandAPDU(cla: 0x80, ins: 0x01, p1: 0, p2: 0, data: data, le: 65_536))
        }
        #expect(answer == ResponseAPDU(data: data, statusWord: .ok))
        #expect(await bench.commands().last?.count == 4 + 3 + 4096 + 2)
    }

    @Test func aSlowCommandIsAnsweredAfterTheCardAskedForMoreTime() async throws {
        let bench = try await Bench()
        let balance = try await bench.run(.type4(Self.setup)) {
            _ = try await bench.connect()
            _ = try await bench.reader.selectISO7816Application(from: [Self.transit])
            return try await bench.reader.sendCommand(
                CommandAPDU(cla: 0x90, ins: 0x6C, p1: 0, p2: 0, le: 256))
        }
        #expect(balance == ResponseAPDU(data: [0, 0, 0x10, 0x00], statusWord: .ok))
        #expect(
            await bench.events().contains {
                if case .waitingTimeExtension = $0.kind { true } else { false }
            })
    }

    @Test func withoutASelectedApplicationSendCommandHasNoTag() async throws {
        let bench = try await Bench()
        await #expect(throws: NFCReaderError.tagNotConnected) {
            try await bench.run(.type4(Self.setup)) {
                _ = try await bench.connect()
                _ = try await bench.reader.sendCommand(CommandAPDU(ins: 0xCA, p1: 0, p2: 0))
            }
        }
    }
}
