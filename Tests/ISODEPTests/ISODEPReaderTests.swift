import HexText
import ISODEP
import NFCRigTestSupport
import PN533
import Testing

/// The host-side reader against a scripted card: block numbers, chaining both ways, WTX,
/// every recovery rule, and each typed failure.
@Suite struct ISODEPReaderTests {
    /// FSC 256, FWI 4, no CID.
    static let ats = ATS(fsci: 8, fwi: 4)
    static let fwt = ISODEPTiming.frameWaitingTime(fwi: 4)
    static let tolerance = ISODEPTiming.frameWaitingTolerance

    func activeReader(
        _ steps: [ScriptedFrameLink.Step], ats: ATS = Self.ats, rats: RATS = RATS(),
        usingCID: Bool = false
    ) -> (ISODEPReader, ScriptedFrameLink) {
        let link = ScriptedFrameLink(steps)
        return (ISODEPReader(link: link, ats: ats, rats: rats, usingCID: usingCID), link)
    }

    @Test("APDUs go out as I-blocks whose block number toggles with each answer")
    func togglesBlockNumbers() async throws {
        let (reader, link) = activeReader([
            .send("02 00a4040000", answer: "02 9000"),
            .send("03 00b0000002", answer: "03 00109000"),
            .send("02 00", answer: "02 6d00"),
        ])
        #expect(try await reader.transceive(bytes("00a4040000")) == [0x90, 0x00])
        #expect(
            try await reader.transceive(bytes("00b0000002")) == [0x00, 0x10, 0x90, 0x00])
        #expect(try await reader.transceive([0x00]) == [0x6D, 0x00])
        #expect(await reader.blockNumber == 1)
        #expect(await link.timeouts == Array(repeating: Self.fwt + Self.tolerance, count: 3))
        #expect(await link.unplayed == 0)
    }

    @Test("a command longer than FSC goes out chained, each part waiting for its R(ACK)")
    func chainsCommands() async throws {
        let command = (0..<30).map { UInt8($0) }
        let first: String = Hex.encode(command[0..<13])
        let second: String = Hex.encode(command[13..<26])
        let last: String = Hex.encode(command[26...])
        let (reader, link) = activeReader(
            [
                .send("12" + first, answer: "a2"),
                .send("13" + second, answer: "a3"),
                .send("02" + last, answer: "02 9000"),
            ], ats: ATS(fsci: 0))
        #expect(try await reader.transceive(command) == [0x90, 0x00])
        #expect(await reader.blockNumber == 1)
        #expect(await link.unplayed == 0)
    }

    @Test("a chained answer is pulled in with R(ACK) until its last block")
    func pullsChainedAnswers() async throws {
        let (reader, link) = activeReader([
            .send("02 00b0000000", answer: "12 aa"),
            .send("a3", answer: "13 bb"),
            .send("a2", answer: "02 cc9000"),
        ])
        #expect(
            try await reader.transceive(bytes("00b0000000")) == [
                0xAA, 0xBB, 0xCC, 0x90, 0x00,
            ])
        #expect(await reader.blockNumber == 1)
        #expect(await link.unplayed == 0)
    }

    @Test("S(WTX) is answered with the same multiplier and the next wait is FWT × WTXM")
    func grantsWaitingTimeExtensions() async throws {
        let (reader, link) = activeReader([
            .send("02 00", answer: "f2 03"),
            .send("f2 03", answer: "f2 3b"),
            .send("f2 3b", answer: "02 9000"),
        ])
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(
            await link.timeouts == [
                Self.fwt + Self.tolerance, Self.fwt * 3 + Self.tolerance,
                ISODEPTiming.extendedWaitingTime(Self.fwt, multiplier: 59) + Self.tolerance,
            ])
    }

    @Test("silence is answered with R(NAK), and the card's retransmitted answer accepted")
    func naksSilence() async throws {
        let (reader, link) = activeReader([
            .send("02 00", .silence),
            .send("b2", answer: "02 9000"),
        ])
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(await link.unplayed == 0)
    }

    @Test("R(ACK) with the other block number after R(NAK) brings the I-block again (rule 6)")
    func retransmitsMissedIBlocks() async throws {
        let (reader, link) = activeReader([
            .send("02 00", .silence),
            .send("b2", answer: "a3"),
            .send("02 00", answer: "02 9000"),
        ])
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(await link.unplayed == 0)
    }

    @Test("a damaged answer or one that is no block is answered with R(NAK)")
    func naksDamage() async throws {
        let (reader, link) = activeReader([
            .send("02 00", .damaged),
            .send("b2", answer: "42"),
            .send("b2", answer: "02 9000"),
        ])
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(await link.unplayed == 0)
    }

    @Test("while the card chains, silence is answered with R(ACK) again (rule 5)")
    func acksAgainWhileTheCardChains() async throws {
        let (reader, link) = activeReader([
            .send("02 00", answer: "12 aa"),
            .send("a3", .silence),
            .send("a3", answer: "03 bb"),
        ])
        #expect(try await reader.transceive([0x00]) == [0xAA, 0xBB])
        #expect(await link.unplayed == 0)
    }

    @Test("a card that never answers costs the I-block and two R(NAK), then a timeout")
    func timesOut() async throws {
        let (reader, link) = activeReader([
            .send("02 00", .silence),
            .send("b2", .silence),
            .send("b2", .silence),
        ])
        await #expect(
            throws: ISODEPError.timeout(
                lastSent: .information(blockNumber: 0, inf: [0]), attempts: 3)
        ) {
            try await reader.transceive([0x00])
        }
        #expect(await link.unplayed == 0)
    }

    @Test("answers that stay damaged end in a transmission error holding the last one")
    func failsOnLastingDamage() async throws {
        let (reader, _) = activeReader([
            .send("02 00", .damaged),
            .send("b2", .damaged),
            .send("b2", answer: "c3"),
        ])
        await #expect(
            throws: ISODEPError.transmissionError(
                lastSent: .information(blockNumber: 0, inf: [0]), attempts: 3, answer: [0xC3])
        ) {
            try await reader.transceive([0x00])
        }
    }

    @Test(
        "a block that breaks the rules is a protocol violation naming it and why",
        arguments: [
            ("03 9000", ISODEPError.Violation.wrongBlockNumber(expected: 0)),
            ("b2", .unexpectedBlock(expected: "I(0)")),
            ("a2", .unexpectedBlock(expected: "I(0)")),
            ("c2", .unexpectedBlock(expected: "I(0)")),
            ("0a 01 9000", .cidMismatch(expected: nil)),
            ("06 00 9000", .unexpectedNAD),
        ])
    func rejectsViolations(answer: String, violation: ISODEPError.Violation) async throws {
        let (reader, _) = activeReader([.send("02 00", answer: answer)])
        await #expect(
            throws: ISODEPError.protocolViolation(
                sent: .information(blockNumber: 0, inf: [0]),
                received: try ISODEPBlock(bytes: bytes(answer)), reason: violation)
        ) {
            try await reader.transceive([0x00])
        }
    }

    @Test("an I-block in answer to a chained I-block is a violation: R(ACK) was due")
    func wantsACKWhileChaining() async throws {
        let (reader, _) = activeReader(
            [.send("12" + String(repeating: "00", count: 13), answer: "02 9000")], ats: ATS(fsci: 0)
        )
        await #expect(
            throws: ISODEPError.protocolViolation(
                sent: .information(
                    blockNumber: 0, chaining: true, inf: Array(repeating: 0, count: 13)),
                received: .information(blockNumber: 0, inf: [0x90, 0x00]),
                reason: .unexpectedBlock(expected: "R(ACK 0)"))
        ) {
            try await reader.transceive(Array(repeating: 0, count: 14))
        }
    }

    @Test("a frame longer than FSD allows, a WTXM out of range and a link failure end at once")
    func failsAtOnce() async throws {
        let (small, _) = activeReader(
            [.send("02 00", answer: "02" + String(repeating: "00", count: 14))], rats: RATS(fsdi: 0)
        )
        await #expect(throws: ISODEPError.oversizedFrame(length: 15, limit: 14)) {
            try await small.transceive([0x00])
        }
        let (greedy, _) = activeReader([.send("02 00", answer: "f2 3c")])
        await #expect(throws: ISODEPError.waitingTimeExtensionOutOfRange(multiplier: 60)) {
            try await greedy.transceive([0x00])
        }
        let gone = PN533Error.brokenLink(command: .inCommunicateThru, status: .cardGone)
        let (broken, _) = activeReader([.send("02 00", .failure(gone))])
        await #expect(throws: ISODEPError.link(gone)) { try await broken.transceive([0x00]) }
    }

    @Test("a card asking for more time forever is cut off after the configured count")
    func limitsWaitingTimeExtensions() async throws {
        var configuration = ISODEPReaderConfiguration()
        configuration.maximumWaitingTimeExtensions = 2
        let link = ScriptedFrameLink([
            .send("02 00", answer: "f2 01"), .send("f2 01", answer: "f2 01"),
            .send("f2 01", answer: "f2 01"),
        ])
        let reader = ISODEPReader(link: link, ats: Self.ats, configuration: configuration)
        await #expect(throws: ISODEPError.tooManyWaitingTimeExtensions(count: 3)) {
            try await reader.transceive([0x00])
        }
    }

    @Test("with a CID in use every block carries it and answers must too")
    func usesCIDs() async throws {
        let ats = ATS(fsci: 8, cidSupported: true)
        let (reader, link) = activeReader(
            [.send("0a 03 00", answer: "0a 03 9000"), .send("ca 03", answer: "ca 43")],
            ats: ats, rats: RATS(cid: 3), usingCID: true)
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        try await reader.deselect()
        #expect(await link.unplayed == 0)

        let (careless, _) = activeReader(
            [.send("0a 03 00", answer: "02 9000")], ats: ats, rats: RATS(cid: 3), usingCID: true)
        await #expect(
            throws: ISODEPError.protocolViolation(
                sent: .information(blockNumber: 0, cid: ISODEPCID(3), inf: [0]),
                received: .information(blockNumber: 0, inf: [0x90, 0x00]),
                reason: .cidMismatch(expected: ISODEPCID(3)))
        ) {
            try await careless.transceive([0x00])
        }
    }

    @Test("a card whose ATS denies CID support gets blocks without one")
    func omitsUnsupportedCIDs() async throws {
        let (reader, link) = activeReader(
            [.send("02 00", answer: "02 9000")], ats: ATS(fsci: 8, cidSupported: false),
            rats: RATS(cid: 3), usingCID: true)
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(await link.unplayed == 0)
    }

    @Test("activation sends RATS, reads the ATS, waits SFGT and starts at block number 0")
    func activates() async throws {
        let link = ScriptedFrameLink([
            .send("e0 50", answer: "05 75 80 81 02"),
            .send("02 00", answer: "02 9000"),
        ])
        let scheduler = RecordingScheduler()
        let reader = ISODEPReader(link: link, scheduler: scheduler)
        await #expect(throws: ISODEPError.notActivated) { try await reader.transceive([0x00]) }
        let ats = try await reader.activate(RATS(fsdi: 5))
        #expect(ats.fsc == 64)
        #expect(await reader.ats == ats)
        #expect(await reader.blockNumber == 0)
        #expect(scheduler.slept == [ISODEPTiming.startUpFrameGuardTime(sfgi: 1)])
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(
            await link.timeouts.first
                == ISODEPTiming.activationFrameWaitingTime + ISODEPTiming.frameWaitingTolerance)
    }

    @Test("activation fails typed: no ATS twice, an invalid ATS, an ATS longer than FSD")
    func failsActivation() async throws {
        let silent = ISODEPReader(
            link: ScriptedFrameLink([.send("e0 80", .silence), .send("e0 80", .damaged)]))
        await #expect(throws: ISODEPError.noATS(attempts: 2)) { try await silent.activate() }
        let invalid = ISODEPReader(link: ScriptedFrameLink([.send("e0 80", answer: "05 78 80")]))
        await #expect(
            throws: ISODEPError.invalidATS(
                bytes: [0x05, 0x78, 0x80], error: .lengthMismatch(tl: 5, count: 3))
        ) { try await invalid.activate() }
        let long = ISODEPReader(
            link: ScriptedFrameLink([
                .send("e0 00", answer: "0f" + String(repeating: "00", count: 14))
            ]))
        await #expect(throws: ISODEPError.oversizedFrame(length: 15, limit: 14)) {
            try await long.activate(RATS(fsdi: 0))
        }
    }

    @Test("DESELECT is answered by DESELECT; afterwards the reader has no card")
    func deselects() async throws {
        let (reader, link) = activeReader([.send("c2", .damaged), .send("c2", answer: "c2")])
        try await reader.deselect()
        #expect(await reader.ats == nil)
        await #expect(throws: ISODEPError.notActivated) { try await reader.transceive([0x00]) }
        #expect(
            await link.timeouts.first
                == ISODEPTiming.deselectFrameWaitingTime + ISODEPTiming.frameWaitingTolerance)
        let (deaf, _) = activeReader([.send("c2", .silence), .send("c2", answer: "a2")])
        await #expect(throws: ISODEPError.deselectFailed(attempts: 2)) { try await deaf.deselect() }
    }

    @Test(
        "a reader starts from the ATS a PN533 got while listing, and refuses a target without one")
    func startsFromListedTargets() async throws {
        let listed = PassiveTarget(
            tg: 1, sensRes: [0x04, 0x00], selRes: 0x20, nfcid: [0x08, 1, 2, 3],
            ats: [0x05, 0x78, 0x80, 0x70, 0x02])
        let reader = try ISODEPReader(link: ScriptedFrameLink([]), target: listed)
        #expect(await reader.ats == ATS(fsci: 8, ta: 0x80, tb: 0x70, tc: 0x02, historicalBytes: []))
        #expect(await reader.blockNumber == 0)
        var plain = listed
        plain.ats = nil
        #expect(throws: ISODEPError.notActivated) {
            try ISODEPReader(link: ScriptedFrameLink([]), target: plain)
        }
        plain.ats = [0x05, 0x78]
        #expect(
            throws: ISODEPError.invalidATS(
                bytes: [0x05, 0x78], error: .lengthMismatch(tl: 5, count: 2))
        ) {
            try ISODEPReader(link: ScriptedFrameLink([]), target: plain)
        }
    }

    @Test("a second exchange while one runs fails with busy")
    func refusesOverlappingExchanges() async throws {
        let link = GateLink()
        let reader = ISODEPReader(link: link, ats: Self.ats)
        let first = Task { try await reader.transceive([0x00]) }
        while await !link.isHolding { await Task.yield() }
        await #expect(throws: ISODEPError.busy) { try await reader.transceive([0x01]) }
        await link.release()
        #expect(try await first.value == [0x90, 0x00])
    }
}

/// A link that holds the first frame until released, then answers I(0) 90 00.
actor GateLink: ISODEPFrameLink {
    private var held: CheckedContinuation<Void, Never>?

    var isHolding: Bool { held != nil }

    func release() {
        held?.resume()
        held = nil
    }

    func transceive(_ frame: [UInt8], timeout: Duration) async throws(ISODEPLinkError) -> [UInt8] {
        await withCheckedContinuation { held = $0 }
        return [0x02, 0x90, 0x00]
    }
}
