import HexText
import ISODEP
import NFCRigTestSupport
import Testing

/// Each rule an `ISODEPReader` breaks on purpose (`ISODEPReaderDeviations`, the reader faults
/// of issue 32) changes what it sends in that one way, against a scripted card.
@Suite struct ISODEPReaderDeviationTests {
    static func reader(
        _ steps: [ScriptedFrameLink.Step], ats: ATS = ATS(fsci: 8, fwi: 4),
        _ deviations: ISODEPReaderDeviations
    ) -> (ISODEPReader, ScriptedFrameLink) {
        var configuration = ISODEPReaderConfiguration()
        configuration.deviations = deviations
        let link = ScriptedFrameLink(steps)
        return (ISODEPReader(link: link, ats: ats, configuration: configuration), link)
    }

    @Test("without the CRC counted, a command to a card of FSC 16 goes in parts of 15 bytes")
    func chainsWithoutCRC() async throws {
        let command = (0..<30).map { UInt8($0) }
        let (reader, link) = Self.reader(
            [
                .send("12" + Hex.encode(command[0..<15]), answer: "a2"),
                .send("03" + Hex.encode(command[15...]), answer: "03 9000"),
            ], ats: ATS(fsci: 0), .chainsWithoutCRC)
        #expect(try await reader.transceive(command) == [0x90, 0x00])
        #expect(await link.unplayed == 0)
    }

    @Test("ignoring the chaining bit, the first part of a chained answer is the whole answer")
    func ignoresAnswerChaining() async throws {
        let (reader, link) = Self.reader(
            [.send("02 00b0000000", answer: "12 aabb")], .ignoresAnswerChaining)
        #expect(try await reader.transceive(bytes("00b0000000")) == [0xAA, 0xBB])
        #expect(await link.unplayed == 0)
        #expect(await reader.blockNumber == 1)
    }

    @Test("granting any WTXM, S(WTX) with WTXM 0 and 60 is echoed instead of refused")
    func grantsAnyWaitingTimeExtension() async throws {
        let (reader, link) = Self.reader(
            [
                .send("02 00", answer: "f2 00"),
                .send("f2 00", answer: "f2 3c"),
                .send("f2 3c", answer: "02 9000"),
            ], .grantsAnyWaitingTimeExtension)
        #expect(try await reader.transceive([0x00]) == [0x90, 0x00])
        #expect(await link.unplayed == 0)
        let (keeping, _) = Self.reader([.send("02 00", answer: "f2 00")], [])
        await #expect(throws: ISODEPError.waitingTimeExtensionOutOfRange(multiplier: 0)) {
            try await keeping.transceive([0x00])
        }
    }

    @Test("ignoring SFGI, activation waits no start-up frame guard time after the ATS")
    func ignoresStartUpGuardTime() async throws {
        let link = ScriptedFrameLink([.send("e0 80", answer: "05 78 80 86 00")])
        let scheduler = RecordingScheduler()
        var configuration = ISODEPReaderConfiguration()
        configuration.deviations = .ignoresStartUpGuardTime
        let reader = ISODEPReader(link: link, configuration: configuration, scheduler: scheduler)
        let ats = try await reader.activate()
        #expect(ats.startUpFrameGuardTime == ISODEPTiming.startUpFrameGuardTime(sfgi: 6))
        #expect(scheduler.slept.isEmpty)
    }

    @Test("taking an S(WTX) in a chained answer for data, its WTXM lands in the answer")
    func takesWaitingTimeExtensionInChainForData() async throws {
        // nfcpy 1.0.4's probe: parts 12 AAAA, 13 CCCC, F2 01, 03 BB 9000 come out as
        // AAAACCCC 01 BB 9000, the S(WTX) acknowledged with R(ACK) and never granted.
        let (reader, link) = Self.reader(
            [
                .send("02 00b0000000", answer: "12 aaaa"),
                .send("a3", answer: "13 cccc"),
                .send("a2", answer: "f2 01"),
                .send("a3", answer: "03 bb9000"),
            ], .takesWaitingTimeExtensionInChainForData)
        #expect(try await reader.transceive(bytes("00b0000000")) == bytes("aaaacccc01bb9000"))
        #expect(await link.unplayed == 0)
        let (keeping, kept) = Self.reader(
            [
                .send("02 00b0000000", answer: "12 aaaa"),
                .send("a3", answer: "f2 01"),
                .send("f2 01", answer: "13 cccc"),
                .send("a2", answer: "02 bb9000"),
            ], [])
        #expect(try await keeping.transceive(bytes("00b0000000")) == bytes("aaaaccccbb9000"))
        #expect(await kept.unplayed == 0)
    }
}
