import Foundation
import NFCRigTestSupport
import PacketTrace
import Testing

/// The Wireshark profile in `Wireshark/profiles/nfcrig` is all Wireshark needs to decode
/// nfcrig's trace files: tshark, given the profile and no decode-as option, names the
/// APDUs and the PN533 commands. `make test` sets NFCRIG_TSHARK (the program to run), so
/// a missing tshark fails there; a plain `swift test` skips these tests.
@Suite(.enabled(if: TShark.program != nil, "NFCRIG_TSHARK is unset; `make test` sets it"))
struct WiresharkProfileTests {
    static let profile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Wireshark/profiles/nfcrig")

    let files: TraceSampleFile

    init() throws { files = try TraceSampleFile() }

    /// tshark's Info column for every packet of `trace`, read with the profile installed
    /// in a personal configuration folder of its own (`-C nfcrig`), or without a profile.
    func info(_ trace: URL, profile: Bool) throws -> [String] {
        let configuration = files.folder.url.appendingPathComponent("config")
        let profiles = configuration.appendingPathComponent("wireshark/profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        let installed = profiles.appendingPathComponent("nfcrig")
        if !FileManager.default.fileExists(atPath: installed.path) {
            try FileManager.default.copyItem(at: Self.profile, to: installed)
        }
        var environment = ProcessInfo.processInfo.environment
        // Wireshark's personal configuration folder is $XDG_CONFIG_HOME/wireshark unless
        // WIRESHARK_CONFIG_DIR names another: both point at the copy, so that the
        // profile under test is the one read, never the user's own. tshark exits 1 when
        // the profile named is not there.
        environment["XDG_CONFIG_HOME"] = configuration.path
        environment["WIRESHARK_CONFIG_DIR"] = configuration.path + "/wireshark"
        let tshark = TShark(program: TShark.program ?? "tshark", environment: environment)
        let output = try tshark.run(
            ["-n", "-r", trace.path] + (profile ? ["-C", "nfcrig"] : [])
                + ["-T", "fields", "-e", "_ws.col.Info"])
        return output.split(separator: "\n").map(String.init)
    }

    @Test func theProfileAloneMakesTsharkNameTheAPDUsAndThePN533Commands() throws {
        let trace = try files.write()
        let info = try info(trace, profile: true)
        #expect(info.count == SampleTraces.type4Activation.count + SampleTraces.pn533Exchange.count)
        for expected in [
            "Select file", "Response APDU (to Select file)", "Read binary, offset 0",
            "Response APDU (to Read binary)", "InListPassiveTarget",
            "InListPassiveTarget (Response)", "InDataExchange", "InDataExchange (Response)",
        ] {
            #expect(info.contains(expected), "\(expected) in \(info)")
        }
    }

    @Test func withoutTheProfileTsharkDecodesNeither() throws {
        // The control: what the profile's entries change is not Wireshark's default.
        let info = try info(try files.write(), profile: false)
        #expect(!info.contains("Select file"))
        #expect(!info.contains("InListPassiveTarget"))
        #expect(info.contains("URB_BULK out"))
    }

    @Test func theProfileCoversEightSimulatedChips() throws {
        // One decode-as entry per chip address nfcrig gives: bus 1, devices 2 to 9.
        let chips = (0..<8).map { index in
            TraceInterface(
                name: "usb-\(index)", description: "chip \(index)",
                link: .usb(.simulatedChip(index)))
        }
        let section = TraceSection(
            comments: [],
            interfaces: chips.map { chip in
                InterfaceTrace(
                    interface: chip, records: Array(SampleTraces.pn533Exchange.prefix(1)))
            })
        let info = try info(try files.write(section, name: "chips.pcapng"), profile: true)
        #expect(info == Array(repeating: "InListPassiveTarget", count: 8))
    }
}
