import HexText
import ISODEP
import NFCRigTestSupport
import PN533
import PN533Sim
import SimulatedRigSupport
import Testing

/// The emulated card against hand-made frames sent with InCommunicateThru: each ISO/IEC
/// 14443-4 PICC rule, one exchange at a time.
@Suite struct CardBlockRuleTests {
    /// Runs `body` as the reader's host once the chip has listed (and RATS-activated) the
    /// card, then switches the field off and waits for the card's session to end.
    @discardableResult
    func withCard(
        _ configuration: ISODEPCardConfiguration = .init(),
        _ body: @Sendable (CardRig) async throws -> Void
    ) async throws -> CardRig {
        let rig = CardRig()
        let card = rig.startCard(configuration)
        try await rig.participate {
            _ = try await rig.listCard()
            try await body(rig)
            try await rig.reader.setRF(field: false)
            _ = try await card.value
        }
        return rig
    }

    @Test("R(NAK) with the card's block number brings its last block again (rule 11)")
    func repeatsOnNAK() async throws {
        try await withCard { rig in
            try await rig.send("02 01", expecting: bytes("02 01 9000"))
            try await rig.send("b2", expecting: bytes("02 01 9000"))
            try await rig.send("a2", expecting: bytes("02 01 9000"))
            try await rig.send("03 02", expecting: bytes("03 02 9000"))
        }
    }

    @Test("R(NAK) with the other block number is answered with R(ACK) (rule 12)")
    func acksForeignNAK() async throws {
        try await withCard { rig in
            try await rig.send("b2", expecting: [0xA3])
            try await rig.send("02 01", expecting: bytes("02 01 9000"))
            try await rig.send("b3", expecting: [0xA2])
        }
    }

    @Test("a chained command is acknowledged part by part, a chained answer given on R(ACK)")
    func chainsBothWays() async throws {
        let rig = try await withCard { rig in
            try await rig.send("12 00ca", expecting: [0xA2])
            try await rig.send("13 02", expecting: [0xA3])
            try await rig.send("02 00", expecting: [0x12] + TestApplication.pattern(253))
            try await rig.send(
                "a3", expecting: [0x13] + Array(TestApplication.pattern(512)[253..<506]))
            // A lost R(ACK) answer: R(NAK) for the card's number gets the same part again.
            try await rig.send(
                "b3", expecting: [0x13] + Array(TestApplication.pattern(512)[253..<506]))
            try await rig.send(
                "a2",
                expecting: [0x02] + Array(TestApplication.pattern(512)[506...]) + [0x90, 0x00])
        }
        let handled = rig.events.all.compactMap {
            if case .handlerStarted(let apdu) = $0.kind { apdu } else { nil }
        }
        #expect(handled == [[0x00, 0xCA, 0x02, 0x00]])
    }

    @Test("frames the card must stay silent on get no answer, and the session goes on")
    func ignoresWhatIsNotForIt() async throws {
        let rig = try await withCard { rig in
            for frame in ["0a 00 01", "22 01", "f2 01", "e2", "a3"] {
                await rig.expectSilence(frame)
            }
            try await rig.send("02 01", expecting: bytes("02 01 9000"))
        }
        let ignored = rig.events.all.filter { if case .ignored = $0.kind { true } else { false } }
        #expect(ignored.count == 5)
    }

    @Test("a card with CID support answers its own CID, and blocks without one as CID 0")
    func answersItsCID() async throws {
        let configuration = ISODEPCardConfiguration(ats: ATS(fsci: 8, fwi: 8, cidSupported: true))
        try await withCard(configuration) { rig in
            try await rig.send("0a 00 01", expecting: bytes("0a 00 01 9000"))
            await rig.expectSilence("0b 05 02")
            try await rig.send("03 02", expecting: bytes("03 02 9000"))
            try await rig.send("ca 00", expecting: bytes("ca 00"))
        }
    }

    @Test("a lost S(WTX) request is sent again on R(NAK), and granted requests end in the answer")
    func repeatsWTXRequests() async throws {
        try await withCard { rig in
            try await rig.reader.setTimeouts(
                atrResponse: PN533RFTimeout(rawValue: 0x0B), retry: .atLeast(.milliseconds(100)))
            try await rig.send("02 005e0064", expecting: [0xF2, 0x01])
            try await rig.send("b2", expecting: [0xF2, 0x01])
            var answer = try await rig.raw("f2 01")
            while answer == [0xF2, 0x01] { answer = try await rig.raw("f2 01") }
            #expect(answer == bytes("02 9000"))
        }
    }

    @Test("S(DESELECT) is answered and ends the session")
    func deselects() async throws {
        let rig = CardRig()
        let card = rig.startCard()
        let end = try await rig.participate {
            _ = try await rig.listCard()
            try await rig.send("c2", expecting: [0xC2])
            return try await card.value
        }
        #expect(end == .deselected)
    }
}

extension CardRig {
    /// One raw frame (hex) to the card through InCommunicateThru, its answer back.
    func raw(_ frame: String) async throws(PN533Error) -> [UInt8] {
        try await reader.communicateThru(bytes(frame))
    }

    /// Sends `frame` (hex) and expects `answer`.
    func send(
        _ frame: String, expecting answer: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let received = try await raw(frame)
        #expect(Hex.encode(received) == Hex.encode(answer), sourceLocation: sourceLocation)
    }

    /// Sends `frame` (hex) and expects the card to stay silent.
    func expectSilence(_ frame: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        await #expect(
            throws: PN533Error.rfTimeout(command: .inCommunicateThru),
            sourceLocation: sourceLocation
        ) { try await raw(frame) }
    }
}
