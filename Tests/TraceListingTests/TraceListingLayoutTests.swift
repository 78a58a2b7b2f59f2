import NFCRigTestSupport
import PacketTrace
import Testing
import TraceListing

@Suite struct TraceListingLayoutTests {
    @Test func eachRecordIsALineOfTimeDeltaSourceBytesCRCAndDecoding() {
        let lines = TraceListing.list(Array(SampleTraces.type4Activation.prefix(3)))
            .split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "      time (s)      Δt (µs)  src     bytes                                            crc  decoding",
                "   0.001000000               field                                                         field on",
                "   0.001100000      100.000  reader  26                                                    REQA",
                "   0.001200000      100.000  card    04 00                                                 ATQA, UID single (4 bytes)",
            ])
    }

    @Test func aLongRecordContinuesSixteenBytesToALine() {
        var listing = TraceListing()
        let frame = TraceRecord(timestamp: 0, kind: .hostToChip, bytes: Array(0..<40))
        let lines = listing.lines(for: frame)
        #expect(lines.count == 3)
        #expect(lines[1].drop { $0 == " " }.hasPrefix("10 11 12"))
        #expect(lines[2].hasSuffix("20 21 22 23 24 25 26 27"))
    }

    @Test func aGapIsNotedWhereTheRecordsWereDropped() {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 4, maximumBytes: 1_000))
        for record in SampleTraces.type4Activation { trace.append(record) }
        let lines = TraceListing.list(trace.records, gap: trace.gap).split(separator: "\n")
        #expect(lines.count == 1 + 4 + 1)
        #expect(lines[3].contains("# 21 records ("))
        #expect(lines[3].contains("dropped by the trace limit"))
    }

    @Test func aTraceFileIsListedWithItsCommentsAndInterfaces() throws {
        let capture = try PcapngReader.read(PcapngWriter.write(SampleTraces.section))
        let lines = TraceListing.list(capture).split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "# case t4t.read-ndef", "# repetition 1",
                "# interface 0: rf (simulated field), ISO 14443",
                "# interface 1: usb-reader (NXP PN533 04cc:2533, the reader), USB",
            ])
        #expect(lines[5].hasSuffix("InListPassiveTarget (4A)"))
        #expect(lines.contains { $0.hasSuffix("I(1): answer to READ BINARY: 15 bytes, 9000 (ok)") })
        // Two USB responses take two lines each.
        #expect(lines.count == 5 + 31 + 2)
    }
}
