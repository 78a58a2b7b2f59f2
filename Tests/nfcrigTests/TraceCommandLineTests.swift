import Foundation
import NFCRigTestSupport
import PacketTrace
import Testing

/// `nfcrig trace` as a test engineer and a script see it: the listing of a trace file, its
/// JSON, and one clear line for a file that is no trace.
@Suite struct TraceCommandLineTests {
    let files: TraceSampleFile

    init() throws { files = try TraceSampleFile() }

    /// The lines nfcrig prints for `arguments`, which must exit 0.
    func listing(_ arguments: [String]) throws -> [String] {
        let outcome = try NFCRigProcess.run(["trace"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    @Test func theListingOpensWithTheFileCommentsAndHeadsTheRFInterface() throws {
        let lines = try listing([try files.write().path])
        #expect(
            Array(lines.prefix(7)) == [
                "# case t4t.read-ndef",
                "# repetition 1",
                "# interface 1: usb-reader (NXP PN533 04cc:2533, the reader), USB: not listed",
                "",
                "# interface 0: rf (simulated field), ISO 14443",
                "      time (s)      Δt (µs)  src     bytes                                  "
                    + "          crc  decoding",
                "   0.001000000               field                                          "
                    + "               field on",
            ])
        #expect(
            lines.contains(
                "   0.001100000      100.000  reader  26                                      "
                    + "              REQA"))
        // A record per line, and the last line ends the output.
        #expect(lines.count == 6 + SampleTraces.type4Activation.count + 1)
        #expect(lines.last == "")
    }

    @Test func theRFListingNamesAPDUsStatusWordsWTXAndTheChainedAnswer() throws {
        let lines = try listing([try files.write().path])
        // The decoding column starts where its title does.
        let header = try #require(lines.first { $0.hasPrefix("      time (s)") })
        let column = header.distance(
            from: header.startIndex, to: try #require(header.range(of: "decoding")).lowerBound)
        let decodings = lines.map { String($0.dropFirst(column)) }
        for expected in [
            "SAK CL1 20: ISO-DEP", "RATS FSD 256 CID 0", "ATS FSC 256 FWI 7 SFGI 0",
            "I(0): SELECT by name D2760000850101 (NDEF application)",
            "I(0): answer to SELECT: 9000 (ok)", "I(1): SELECT by file id E103 (CC)",
            "S(WTX 1)", "I(0): READ BINARY offset 0 length 15",
            "I(0, chaining): 8 bytes of an answer so far", "R(ACK 1)",
            "I(1): answer to READ BINARY: 15 bytes, 9000 (ok)", "S(DESELECT)", "field off",
            "WUPA",
        ] {
            #expect(decodings.contains(expected), "\(expected)")
        }
        #expect(!decodings.contains { $0.hasPrefix("InListPassiveTarget") })
    }

    @Test func withUSBTheListingNamesThePN533CommandsAndLeavesTheAirOut() throws {
        let lines = try listing([try files.write().path, "--usb"])
        #expect(lines[2] == "# interface 0: rf (simulated field), ISO 14443: not listed")
        #expect(lines[4] == "# interface 1: usb-reader (NXP PN533 04cc:2533, the reader), USB")
        #expect(lines[6].hasPrefix("   0.000950000               host    00 00 FF 04 FC D4 4A"))
        #expect(lines[6].hasSuffix("  InListPassiveTarget (4A)"))
        #expect(lines[7].hasPrefix("   0.000960000       10.000  chip"))
        #expect(lines[7].hasSuffix("  ACK"))
        for expected in [
            "InListPassiveTarget response",
            "InDataExchange (40), Tg 1: READ BINARY offset 0 length 15",
            "InDataExchange response, success",
        ] {
            #expect(lines.contains { $0.hasSuffix("  " + expected) }, "\(expected)")
        }
        #expect(!lines.contains { $0.contains("REQA") })
    }

    @Test func aFileWithoutTheInterfacesAskedForExitsOneAndSaysSo() throws {
        let rfOnly = TraceSection(
            comments: [],
            interfaces: [
                InterfaceTrace(interface: SampleTraces.field, records: SampleTraces.type4Activation)
            ])
        let url = try files.write(rfOnly, name: "rf-only.pcapng")
        let outcome = try NFCRigProcess.run(["trace", url.path, "--usb"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(
            outcome.stderr
                == "\(url.path): no USB interface to list; without --usb its RF ones are listed\n")
    }

    @Test func aGapABoundedTraceLeftIsNotedWhereTheRecordsWereDropped() throws {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 4, maximumBytes: 1_000))
        for record in SampleTraces.type4Activation { trace.append(record) }
        let section = TraceSection(
            comments: ["case gap"],
            interfaces: [InterfaceTrace(interface: SampleTraces.field, trace: trace)])
        let lines = try listing([try files.write(section, name: "gap.pcapng").path])
        let gap = try #require(trace.gap)
        #expect(lines[1] == "# rf: " + gap.summary)
        let note = try #require(lines.firstIndex { $0.hasSuffix("# " + gap.summary) })
        #expect(note == 5 + gap.index)
    }
}
