import NFCRigTestSupport
import PacketTrace
import Testing

@Suite struct PcapngRoundTripTests {
    @Test func aWrittenSectionReadsBackAsTheSameInterfacesRecordsAndComments() throws {
        let capture = try PcapngReader.read(PcapngWriter.write(SampleTraces.section))
        #expect(capture.comments == SampleTraces.comments)
        #expect(capture.application == "nfcrig")
        #expect(capture.interfaces.map(\.linkType) == [.iso14443, .usbLinuxMemoryMapped])
        #expect(capture.interfaces.map(\.name) == ["rf", "usb-reader"])
        #expect(
            capture.interfaces.map(\.description)
                == [SampleTraces.field.description, SampleTraces.readerChip.description])
        #expect(capture.interfaces.allSatisfy { $0.timestampResolution == 9 })
        let rf = capture.packets.filter { $0.interface == 0 }
        let usb = capture.packets.filter { $0.interface == 1 }
        #expect(rf.map(\.record) == SampleTraces.type4Activation)
        #expect(usb.map(\.record) == SampleTraces.pn533Exchange)
        #expect(usb.allSatisfy { $0.usbAddress == USBDeviceAddress(bus: 1, device: 2) })
        #expect(rf.allSatisfy { $0.usbAddress == nil && $0.comments.isEmpty })
        #expect(capture.skippedBlocks == 0 && capture.skippedTransfers == 0)
    }

    @Test func packetsOfBothInterfacesAreWrittenInTimeOrder() throws {
        let capture = try PcapngReader.read(PcapngWriter.write(SampleTraces.section))
        let timestamps = capture.packets.map(\.record.timestamp)
        #expect(timestamps == timestamps.sorted())
        #expect(capture.packets.count == 31)
        // The InListPassiveTarget command comes before the field goes on.
        #expect(capture.packets.first?.interface == 1)
    }

    @Test func everyBlockIsPaddedTo32BitsAndItsTwoLengthsAgree() throws {
        let file = try PcapngWriter.write(SampleTraces.section)
        #expect(file.count % 4 == 0)
        let offsets = file.blockOffsets
        #expect(offsets.count == 1 + 2 + 31)
        for offset in offsets {
            let length = file.u32(at: offset + 4)
            #expect(length % 4 == 0, "block at \(offset)")
            #expect(file.u32(at: offset + Int(length) - 4) == length, "block at \(offset)")
        }
        #expect(offsets.last.map { $0 + Int(file.u32(at: $0 + 4)) } == file.count)
    }

    @Test func framesWithoutTheirCRCKeepThatMarkAcrossTheFile() throws {
        let records = [
            TraceRecord(timestamp: 5, kind: .pcdToPICC, bytes: bytes("E0 80"), crcCaptured: false),
            TraceRecord(timestamp: 6, kind: .piccToPCD, bytes: bytes("05 78"), crcCaptured: false),
        ]
        let section = TraceSection(
            comments: [],
            interfaces: [InterfaceTrace(interface: SampleTraces.field, records: records)])
        let file = try PcapngWriter.write(section)
        #expect(try PcapngReader.read(file).packets.map(\.record) == records)
        // Events FA and FB: the two directions with the CRC dropped.
        let packets = file.blockOffsets.dropFirst(2)
        #expect(packets.map { file[$0 + 28 + 1] } == [0xFA, 0xFB])
    }

    @Test func whatABoundedTraceDroppedIsNamedBeforeTheFirstPacketAfterItAndInTheHeader() throws {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 4, maximumBytes: 1_000))
        for index in 0..<10 {
            trace.append(
                TraceRecord(timestamp: Int64(index) * 1_000, kind: .pcdToPICC, bytes: [0x26]))
        }
        let section = TraceSection(
            comments: ["case x"],
            interfaces: [InterfaceTrace(interface: SampleTraces.field, trace: trace)])
        let capture = try PcapngReader.read(PcapngWriter.write(section))
        let summary =
            "6 records (6 bytes) dropped by the trace limit, from 0.000002000 s to "
            + "0.000007000 s"
        #expect(capture.comments == ["case x", "rf: " + summary])
        #expect(capture.packets.map(\.comments) == [[], [], [summary], []])
        #expect(capture.packets.map(\.record.timestamp) == [0, 1_000, 8_000, 9_000])
    }

    @Test func theWriterRefusesRecordsItsInterfacesCannotCarry() {
        func write(_ record: TraceRecord, on interface: TraceInterface) -> PcapngWriteError? {
            let section = TraceSection(
                comments: [],
                interfaces: [
                    InterfaceTrace(interface: SampleTraces.field, records: []),
                    InterfaceTrace(interface: interface, records: [record]),
                ])
            do {
                _ = try PcapngWriter.write(section)
                return nil
            } catch {
                return error
            }
        }
        let usbFrame = TraceRecord(timestamp: 0, kind: .hostToChip, bytes: [0x00])
        #expect(
            write(usbFrame, on: SampleTraces.field)
                == .recordOnWrongInterface(interface: 1, record: 0, kind: .hostToChip))
        let rfFrame = TraceRecord(timestamp: 0, kind: .piccToPCD, bytes: [0x00])
        #expect(
            write(rfFrame, on: SampleTraces.readerChip)
                == .recordOnWrongInterface(interface: 1, record: 0, kind: .piccToPCD))
        let fieldWithBytes = TraceRecord(timestamp: 0, kind: .fieldOn, bytes: [0x01])
        #expect(
            write(fieldWithBytes, on: SampleTraces.field)
                == .fieldSwitchWithBytes(interface: 1, record: 0, count: 1))
        let long = TraceRecord(
            timestamp: 0, kind: .pcdToPICC, bytes: Array(repeating: 0, count: 65_536))
        #expect(
            write(long, on: SampleTraces.field)
                == .recordTooLong(interface: 1, record: 0, length: 65_536))
        let early = TraceRecord(timestamp: -1, kind: .pcdToPICC, bytes: [0x26])
        #expect(
            write(early, on: SampleTraces.field)
                == .negativeTimestamp(interface: 1, record: 0, timestamp: -1))
    }

    @Test func theUSBAddressNamesWiresharksDecodeAsEntry() {
        let address = USBDeviceAddress.simulatedChip(0)
        #expect(address == USBDeviceAddress(bus: 1, device: 2))
        #expect(address.wiresharkDeviceKey == 0x0001_0002)
        #expect(address.wiresharkDecodeAs == "usb.device==0x00010002,pn532_hci")
        #expect(
            USBDeviceAddress(bus: 3, device: 17).wiresharkDecodeAs
                == "usb.device==0x00030011,pn532_hci")
    }
}
