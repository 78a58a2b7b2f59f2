import ArgumentParser
import PacketTrace
import TraceListing

/// `nfcrig trace FILE`: a pcapng trace listed in the manner of Proxmark3's `trace list`.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "List a pcapng trace: time, Δt, source, bytes, CRC and decoding per record.",
        discussion: """
            Lists the RF interfaces (ISO 14443 frames and field switches) of a trace file, \
            or with --usb its USB interfaces (PN533 frames) instead: one trace at a time, as \
            Proxmark3's `trace list` does. The file's comments come first (case, \
            repetition, records a bounded trace dropped); each interface is listed under \
            its heading and read on its own, so Δt is the time since the record before on \
            the same interface. Exit status: 0 listed, 1 the file has no interface of the \
            kind asked for, 2 usage error or a file that is no trace nfcrig reads (the \
            error names the byte offset).

            \(CLIManual.examplesHeading)
              nfcrig trace Reports/latest/traces/NDEF-W-006.pcapng
              nfcrig trace --usb Reports/latest/traces/NDEF-W-006.pcapng
              nfcrig trace --json Reports/latest/traces/NDEF-W-006.pcapng
            """
    )

    @Argument(help: "The trace file (pcapng, as nfcrig writes it).")
    var file: String

    @Flag(help: "List the USB interfaces (PN533 frames) instead of the RF ones.")
    var usb = false

    @Flag(help: "Print JSON (schema in docs/reports.md).")
    var json = false

    func run() throws {
        let capture = try TraceFile.read(file)
        let link: PcapngLinkType = usb ? .usbLinuxMemoryMapped : .iso14443
        let include = { (interface: PcapngInterface) in interface.linkType == link }
        let sections = InterfaceListing.read(capture, including: include)
        if json {
            print(TraceJSON.document(file: file, capture: capture, sections: sections).serialized())
        } else if !sections.isEmpty {
            print(TraceListing.list(capture, including: include), terminator: "")
        }
        guard sections.isEmpty else { return }
        if !json {
            // nfcrig reads only the two link types, so every interface is of the other.
            let kind = usb ? "USB" : "RF (ISO 14443)"
            let other =
                capture.interfaces.isEmpty
                ? "" : usb ? "; without --usb its RF ones are listed" : "; --usb lists its USB ones"
            FileHandleOutput.standardError("\(file): no \(kind) interface to list\(other)")
        }
        throw ExitCode(1)
    }
}
