import Foundation
import NFCRigTestSupport
import PacketTrace
import Testing

/// Wireshark reads nfcrig's trace files as it reads real captures: every ISO 14443 frame,
/// APDU and PN533 frame decoded, nothing malformed but what tshark 4.0 gets wrong itself.
@Suite(.enabled(if: TShark.program != nil, "NFCRIG_TSHARK is unset; `make test` sets it"))
struct TSharkOracleTests {
    let tshark = TShark(program: TShark.program ?? "tshark")

    /// `SampleTraces.section` written to a file of its own, with its packets as read back
    /// (packet `n` in the list is tshark's frame `n + 1`).
    func sampleFile() throws -> (URL, [PcapngPacket]) {
        let file = try PcapngWriter.write(SampleTraces.section)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-trace-\(UUID().uuidString).pcapng")
        try Data(file).write(to: url)
        return (url, try PcapngReader.read(file).packets)
    }

    /// tshark's frame numbers of the packets `matching`.
    func frameNumbers(_ packets: [PcapngPacket], matching: (TraceRecord) -> Bool) -> [String] {
        packets.enumerated().filter { matching($0.element.record) }.map { String($0.offset + 1) }
    }

    @Test func tsharkFindsNothingWrongButTheDeselectFramesItMisreads() throws {
        let (url, packets) = try sampleFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let complaints = try tshark.fields(url, ["frame.number"], filter: TShark.complaints)
        // tshark 4.0 reads S(DESELECT) as if it carried an INF byte and calls the correct
        // `C2 E0 B4` malformed; nothing else may be reported.
        let deselects = frameNumbers(packets) { $0.bytes == SampleTraces.deselect }
        #expect(deselects.count == 2)
        #expect(complaints.map { $0.first ?? "" } == deselects)
    }

    @Test func tsharkNamesTheActivationFramesAndTheAPDUs() throws {
        let (url, packets) = try sampleFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let rows = try tshark.fields(url, ["frame.number", "_ws.col.Info", "iso7816.apdu.ins"])
        try #require(rows.count == packets.count)
        let info = rows.map { $0[1] }
        let rf = packets.enumerated().filter { $0.element.interface == 0 }.map { info[$0.offset] }
        #expect(
            Array(rf.prefix(9)) == [
                "Field on", "REQA", "ATQA", "Anticollision", "UID", "Select", "SAK", "RATS",
                "ATS",
            ])
        let instructions = rows.compactMap { $0[2].isEmpty ? nil : "\($0[1]) \($0[2])" }
        #expect(
            instructions == [
                "Select file 0xa4", "Select file 0xa4", "Read binary, offset 0 0xb0",
            ])
        #expect(info.contains("Response APDU (to Read binary)"))
        #expect(info.contains("S-block, WTX"))
        #expect(rf.suffix(4) == ["Field off", "Field on", "WUPA", "ATQA"])
    }

    @Test func tsharkReassemblesTheChainedResponseFromBothIBlocks() throws {
        let (url, packets) = try sampleFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let rows = try tshark.fields(
            url, ["frame.number", "iso14443.apdu_fragment", "iso7816.apdu.sw1"],
            filter: "iso14443.apdu_reassembled.length")
        let chained = frameNumbers(packets) { $0.bytes.first == 0x12 }
        let last = frameNumbers(packets) {
            $0.kind == .piccToPCD && $0.bytes.starts(with: [0x03, 0x06, 0xE1])
        }
        #expect(rows.map { $0[0] } == last)
        #expect(rows.first?[1] == (chained + last).joined(separator: ","))
        #expect(rows.first?[2] == "0x90")
    }

    @Test func tsharkDecodesThePN533FramesAsTheirCommands() throws {
        let (url, _) = try sampleFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let rows = try tshark.fields(
            url, ["usb.src", "usb.dst", "_ws.col.Info"], filter: "usb")
        #expect(
            rows.map { $0[2] } == [
                "InListPassiveTarget", "ACK Frame", "InListPassiveTarget (Response)",
                "InDataExchange", "ACK Frame", "InDataExchange (Response)",
            ])
        #expect(rows.first?[0] == "host" && rows.first?[1] == "1.2.4")
        #expect(rows.last?[0] == "1.2.4" && rows.last?[1] == "host")
    }
}
