import Foundation
import HexText
import NFCRigTestSupport
import PacketTrace
import Testing

/// `nfcrig trace --json`: the documented document, with every record of the interfaces
/// asked for.
@Suite struct TraceJSONCommandLineTests {
    let files: TraceSampleFile

    init() throws { files = try TraceSampleFile() }

    /// The JSON object nfcrig prints for `arguments`, and its exit status.
    func document(_ arguments: [String]) throws -> ([String: Any], Int32) {
        let outcome = try NFCRigProcess.run(["trace", "--json"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
        return (try #require(object as? [String: Any]), outcome.status)
    }

    @Test func theRFRecordsComeWithTheirTimeDeltaBytesCRCAndDecoding() throws {
        let url = try files.write()
        let outcome = try NFCRigProcess.run(["trace", "--json", url.path])
        #expect(outcome.status == 0)
        // Keys in the documented order.
        #expect(
            outcome.stdout.hasPrefix(
                #"{"file":"\#(url.path)","comments":["case t4t.read-ndef","repetition 1"],"#
                    + #""interfaces":[{"id":0,"name":"rf","description":"simulated field","#
                    + #""link":"rf","listed":true},{"id":1,"name":"usb-reader","#))
        #expect(
            outcome.stdout.contains(
                #"{"interface":0,"timeNs":1500000,"deltaNs":100000,"source":"reader","#
                    + #""kind":"pcdToPICC","bytesHex":"93700811223308a7fa","crc":"ok","#
                    + #""decoding":"SELECT CL1 UID 08112233","comments":[]}"#))
        let (json, _) = try document([url.path])
        let records = try #require(json["records"] as? [[String: Any]])
        let expected = SampleTraces.type4Activation
        #expect(records.count == expected.count)
        #expect(records.map { $0["timeNs"] as? Int } == expected.map { Int($0.timestamp) })
        #expect(records.map { $0["bytesHex"] as? String } == expected.map { Hex.encode($0.bytes) })
        #expect(records.first?["deltaNs"] is NSNull)
        #expect(records.allSatisfy { $0["interface"] as? Int == 0 })
        let decodings = records.compactMap { $0["decoding"] as? String }
        #expect(decodings.contains("S(WTX 1)"))
        #expect(decodings.contains("I(1): answer to READ BINARY: 15 bytes, 9000 (ok)"))
        // Field switch, REQA, ATQA, anticollision and UID carry no CRC_A; SELECT does.
        #expect(
            records.prefix(6).map { $0["crc"] as? String ?? "" }
                == ["none", "none", "none", "none", "none", "ok"])
        #expect((json["gaps"] as? [Any])?.isEmpty == true)
        let skipped = try #require(json["skipped"] as? [String: Int])
        #expect(skipped == ["blocks": 0, "transfers": 0])
    }

    @Test func withUSBEveryTransferIsARecordOfItsInterface() throws {
        let (json, status) = try document([try files.write().path, "--usb"])
        #expect(status == 0)
        let records = try #require(json["records"] as? [[String: Any]])
        #expect(records.count == SampleTraces.pn533Exchange.count)
        #expect(
            records.allSatisfy { $0["interface"] as? Int == 1 && $0["crc"] as? String == "none" })
        #expect(records.map { $0["source"] as? String }.prefix(2) == ["host", "chip"])
        #expect(records.first?["decoding"] as? String == "InListPassiveTarget (4A)")
        let interfaces = try #require(json["interfaces"] as? [[String: Any]])
        #expect(interfaces.map { $0["listed"] as? Bool } == [false, true])
        #expect(interfaces.map { $0["link"] as? String } == ["rf", "usb"])
    }

    @Test func aGapIsAnObjectPointingAtTheRecordAfterIt() throws {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 4, maximumBytes: 1_000))
        for record in SampleTraces.type4Activation { trace.append(record) }
        let gap = try #require(trace.gap)
        let section = TraceSection(
            comments: [], interfaces: [InterfaceTrace(interface: SampleTraces.field, trace: trace)])
        let (json, _) = try document([try files.write(section, name: "gap.pcapng").path])
        let gaps = try #require(json["gaps"] as? [[String: Int]])
        #expect(
            gaps == [
                [
                    "interface": 0, "record": gap.index, "dropped": gap.records,
                    "bytes": gap.bytes, "firstNs": Int(gap.first), "lastNs": Int(gap.last),
                ]
            ])
        let records = try #require(json["records"] as? [[String: Any]])
        #expect(records.count == trace.records.count)
        #expect(records[gap.index]["comments"] as? [String] == [gap.summary])
    }

    @Test func aFileWithoutTheInterfacesAskedForStillGivesADocumentAndExitsOne() throws {
        let usbOnly = TraceSection(
            comments: [],
            interfaces: [
                InterfaceTrace(
                    interface: SampleTraces.readerChip, records: SampleTraces.pn533Exchange)
            ])
        let (json, status) = try document([try files.write(usbOnly, name: "usb.pcapng").path])
        #expect(status == 1)
        #expect((json["records"] as? [Any])?.isEmpty == true)
    }
}
