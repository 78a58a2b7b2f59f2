import Foundation
import NFCRigTestSupport
import PN533
import PacketTrace
import TagFormat
import Testing

@testable import Rig

/// On a bench no sniffer hears the air: an emulator's RF trace is what its host exchanged
/// with the reader, read out of the chip's USB trace. On a simulated rig the field's own
/// trace tells whether that view is right.
@Suite struct EmulatorAirViewTests {
    static let file = RigFile(
        name: "t", emulators: [.init(id: "tag-a", device: .sim)], dut: .reference(device: .sim))

    /// A Type 4 tag listed and read with two APDUs, traced; the rig's interfaces by name.
    static func tracedRead() async throws -> [String: InterfaceTrace] {
        let rig = try await AssembledRig.assemble(Self.file, directory: URL(fileURLWithPath: "/"))
        let slot = rig.tagSlot(on: rig.emulators[0])
        let reader = try #require(rig.readerChip).device
        let interfaces = try await rig.run {
            try await slot.present(.type4(Type4Setup(content: [0xD0, 0x00, 0x00])))
            await rig.beginTraces()
            try await reader.open()
            #expect(try await reader.listPassiveTargets(max: 1).count == 1)
            let select = try await reader.exchange(
                target: 1, Type4Tag.selectNDEFApplication().encoded())
            #expect(select == [0x90, 0x00])
            _ = try await reader.exchange(
                target: 1, Type4Tag.selectCapabilityContainer().encoded())
            try await reader.setRF(field: false)
            await rig.sleep(for: .milliseconds(20))
            await slot.stop()
            return await rig.endTraces()
        }
        await rig.close()
        return Dictionary(uniqueKeysWithValues: interfaces.map { ($0.interface.name, $0) })
    }

    @Test func theViewFromTheEmulatorsUSBTraceIsTheFieldsFramesToAndFromItsCardWithoutCRC()
        async throws
    {
        let interfaces = try await Self.tracedRead()
        let field = try #require(interfaces["rf"]).records
        let usb = try #require(interfaces["usb-tag-a"]).records
        let view = EmulatorAirView.records(fromUSB: usb)
        // The chip answers REQA, anticollision, SELECT and HLTA itself; its host sees the
        // card's frames from RATS on.
        let rats = try #require(
            field.firstIndex { $0.kind == .pcdToPICC && $0.bytes.first == 0xE0 })
        let expected = field[rats...].compactMap { record -> [UInt8]? in
            guard record.kind == .pcdToPICC || record.kind == .piccToPCD,
                record.bytes != CRCA.appending(to: [0x50, 0x00])
            else { return nil }
            return CRCA.stripping(record.bytes)
        }
        #expect(view.map(\.bytes) == expected)
        #expect(view.count == 6)  // RATS, ATS, two APDUs and their answers
        #expect(view.allSatisfy { !$0.crcCaptured })
        #expect(view.map(\.timestamp) == view.map(\.timestamp).sorted())
    }

    @Test(.enabled(if: TShark.program != nil, "NFCRIG_TSHARK is unset; `make test` sets it"))
    func aBenchStyleTraceWithoutCRCDecodesInTShark() async throws {
        let interfaces = try await Self.tracedRead()
        let usb = try #require(interfaces["usb-tag-a"])
        let view = InterfaceTrace(
            interface: TraceInterface(name: "rf-tag-a", description: "bench view", link: .rf),
            records: EmulatorAirView.records(fromUSB: usb.records))
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-bench-view-\(UUID().uuidString).pcapng")
        try Data(try PcapngWriter.write(TraceSection(comments: [], interfaces: [view, usb])))
            .write(to: url)
        let tshark = TShark(program: TShark.program ?? "tshark")
        let complaints = try tshark.fields(url, ["frame.number"], filter: TShark.complaints)
        let capture = try PcapngReader.read(Array(try Data(contentsOf: url)))
        for row in complaints {
            // Without its CRC an S(DESELECT) is the one byte C2, still short of the INF
            // byte tshark's dissector wants (its known false report).
            let number = try #require(Int(row[0]))
            #expect(capture.packets[number - 1].record.bytes == [0xC2], "frame \(number)")
        }
        let info = try tshark.fields(url, ["_ws.col.Info"], filter: "iso7816").map { $0[0] }
        #expect(info.contains("Select file"))
    }
}
