import NFCRigTestSupport
import PacketTrace
import Testing
import TraceListing

/// A trace file read one interface at a time: each interface's records with their own Δt,
/// decoded in the light of the records before them on the same interface.
@Suite struct InterfaceListingTests {
    func capture(_ section: TraceSection = SampleTraces.section) throws -> PcapngCapture {
        try PcapngReader.read(PcapngWriter.write(section))
    }

    @Test func eachInterfaceIsReadApartWithItsOwnDelta() throws {
        let sections = InterfaceListing.read(try capture()) { _ in true }
        #expect(sections.map(\.id) == [0, 1])
        #expect(sections.map(\.heading).first == "interface 0: rf (simulated field), ISO 14443")
        let rf = sections[0].lines
        #expect(rf.map(\.record) == SampleTraces.type4Activation)
        #expect(rf.first?.delta == nil)
        #expect(rf.dropFirst().allSatisfy { $0.delta == 100_000 })
        let usb = sections[1].lines
        #expect(usb.map(\.record) == SampleTraces.pn533Exchange)
        #expect(usb.map(\.delta) == [nil, 10_000, 890_000, 600_000, 10_000, 390_000])
        #expect(usb.map(\.source) == ["host", "chip", "chip", "host", "chip", "chip"])
        #expect(usb.allSatisfy { $0.interface == 1 })
    }

    @Test func onlyTheInterfacesPickedAreRead() throws {
        let sections = InterfaceListing.read(try capture()) { $0.linkType == .iso14443 }
        #expect(sections.map(\.id) == [0])
        let text = TraceListing.list(try capture()) { $0.linkType == .iso14443 }
        #expect(
            text.hasPrefix(
                "# case t4t.read-ndef\n# repetition 1\n# interface 1: usb-reader (NXP PN533 "
                    + "04cc:2533, the reader), USB: not listed\n\n# interface 0: rf (simulated "
                    + "field), ISO 14443\n" + TraceListing.header + "\n"))
        #expect(!text.contains("InListPassiveTarget"))
    }

    @Test func aGapCommentBecomesTheLinesGap() throws {
        var trace = BoundedTrace(limit: TraceLimit(maximumRecords: 4, maximumBytes: 1_000))
        for record in SampleTraces.type4Activation { trace.append(record) }
        let section = TraceSection(
            comments: [], interfaces: [InterfaceTrace(interface: SampleTraces.field, trace: trace)])
        let lines = try #require(InterfaceListing.read(try capture(section)) { _ in true }.first)
            .lines
        #expect(lines.compactMap(\.gap) == [try #require(trace.gap)])
        #expect(lines.firstIndex { $0.gap != nil } == trace.gap?.index)
    }
}
