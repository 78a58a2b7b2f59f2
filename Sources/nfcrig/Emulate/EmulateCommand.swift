import ArgumentParser
import Foundation
import NDEF
import Rig
import TagEmulation

/// `nfcrig emulate`: presents a tag on one of the rig's emulator chips and prints what the
/// tag sees.
struct EmulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulate",
        abstract: "Present a tag on a rig's emulator chip and print the reader's commands.",
        discussion: """
            The message is --ndef FILE (hex text or raw bytes) or record options as for \
            `ndef encode`:
              --uri U, --text T [--lang L], --mime TYPE=FILE,
              --external DOMAIN:NAME=FILE
            The tag is a 2 KiB Type 4 tag (--type 4, mapping 2.0 or --mapping 3) or an \
            NTAG213-sized Type 2 tag (--type 2, 144-byte data area). A Type 4 tag can host \
            ISO/IEC 7816-4 loopback applications (--loopback AID, repeatable: the data \
            field of each command comes back, 6CXX for a short Le) and those of a card \
            file (--card FILE: table-driven answers, delays, 61XX parts) beside the NDEF \
            application, or instead of it when no message is given. Prints the tag's \
            events with their time on the rig's clock: activations, the commands it \
            received (named) and its answers.

            On a wall-clock rig (USB chips) it runs until interrupted (SIGINT or SIGTERM), \
            then stops the emulator and exits 0; only the emulator's chip is opened, so the \
            rig's reader stays free. On a virtual-clock rig (simulated chips) nothing but \
            nfcrig is in the simulated field, so instead the rig's reference reader polls \
            and reads the tag --reads times, each read's result printed after the tag's \
            events, and it exits 0 (1 when a read did not find the tag).

            Exit status: 0 done, 1 the chips could not be set up or a read-back missed the \
            tag, 2 usage error (rig file errors with file:line:column, an unknown emulator, \
            an empty message, a message too long for the tag).

            \(CLIManual.examplesHeading)
              nfcrig emulate --rig Rigs/sim.yaml --uri https://example.com --reads 2
              nfcrig emulate --rig Rigs/sim.yaml --type 2 --ndef Rigs/samples/text.hex
              nfcrig emulate --rig Rigs/sim.yaml --card Rigs/cards/transit.yaml
            """
    )

    @OptionGroup var rigOptions: RigOptions

    @Option(help: "The emulator's id in the rig file (default: the first).")
    var emulator: String?

    @Option(help: "The tag type: 4 or 2.")
    var type: TagTypeArgument = .type4

    @Option(help: "The message: a file of hex text or raw bytes.")
    var ndef: String?

    @Flag(help: "Present the tag read-only.")
    var readOnly = false

    @Option(help: "The Type 4 mapping version: 2 (NLEN) or 3 (ENLEN).")
    var mapping: MappingArgument?

    @Option(
        name: .customLong("loopback"),
        help: .init(
            "Type 4: host a loopback application under this AID (5 to 16 bytes in hex).",
            valueName: "aid"))
    var loopbacks: [String] = []

    @Option(
        help: .init(
            "Type 4: host the ISO/IEC 7816-4 applications of this card file "
                + "(docs/rig-files.md).", valueName: "file"))
    var card: String?

    @Option(help: "Virtual-clock rigs: how often the reference reader reads the tag (default 1).")
    var reads: Int?

    @Argument(
        parsing: .allUnrecognized,
        help: .init("Record options (see above).", valueName: "record-options"))
    var recordOptions: [String] = []

    func validate() throws {
        if ndef != nil && !recordOptions.isEmpty {
            throw ValidationError("give the message as --ndef FILE or as record options, not both")
        }
        if ndef == nil && recordOptions.isEmpty && loopbacks.isEmpty && card == nil {
            throw ValidationError(
                "give the message: --ndef FILE, or --uri, --text, --mime or --external "
                    + "(or a Type 4 tag's --loopback AID or --card FILE)")
        }
        if !loopbacks.isEmpty && type != .type4 {
            throw ValidationError("--loopback applies to Type 4 tags, not --type \(type.rawValue)")
        }
        if card != nil && type != .type4 {
            throw ValidationError("--card applies to Type 4 tags, not --type \(type.rawValue)")
        }
        _ = try applications()
        if ndef == nil && !recordOptions.isEmpty { _ = try NDEFRecordSpec.parse(recordOptions) }
        if mapping != nil && type != .type4 {
            throw ValidationError("--mapping applies to Type 4 tags, not --type \(type.rawValue)")
        }
        if let reads, reads < 1 { throw ValidationError("--reads \(reads): must be 1 or more") }
    }

    func run() throws {
        let rig = try rigOptions.load()
        let index = try rig.emulatorIndex(emulator)
        if rig.file.clock == .virtual {
            try rig.requireReferenceReader(for: "emulate on a virtual-clock rig")
        } else if let reads {
            throw rig.refusal(
                at: ["clock"],
                "--reads \(reads): reads back apply to virtual-clock rigs; on this wall-clock "
                    + "rig emulate runs until interrupted")
        }
        let (message, source) =
            ndef == nil && recordOptions.isEmpty ? ([], "the tag") : try message()
        let plan = EmulationPlan(
            file: rig.file, directory: rig.directory, emulator: index,
            setup: try TagSetupBuilder.setup(
                type, message: message, readOnly: readOnly, mapping: mapping ?? .version2,
                applications: try applications(), source: source),
            type: type, reads: reads ?? 1)
        try VirtualUSBRequirement.ensure(for: rig.file)
        switch waitFor({ await EmulationSession.run(plan, output: StandardOutput.write) }) {
        case .finished: return
        case .notRead(let reads, let missed):
            FileHandleOutput.standardError(
                "error: \(missed) of \(reads) reads did not find the tag")
            throw ExitCode(1)
        case .failed(let reason):
            FileHandleOutput.standardError("error: \(rigOptions.rig): \(reason)")
            throw ExitCode(1)
        }
    }

    /// The `--card` file's applications, then the `--loopback` ones.
    private func applications() throws -> [ISO7816Application] {
        try CardFile.applications(
            card: card, loopbacks: loopbacks, options: ("--card", "--loopback"))
    }

    /// The encoded message and the name errors give its source.
    private func message() throws -> ([UInt8], String) {
        if let ndef {
            guard let data = FileManager.default.contents(atPath: ndef) else {
                throw ValidationError("--ndef \(ndef): cannot read the file")
            }
            return (
                try NDEFInputOptions.bytes(fromFileContent: Array(data), name: "--ndef \(ndef)"),
                "--ndef \(ndef)"
            )
        }
        var records: [NDEFRecord] = []
        for spec in try NDEFRecordSpec.parse(recordOptions) { records.append(try spec.record()) }
        do {
            return (try NDEFEncoder().encode(NDEFMessage(records: records)), "the record options")
        } catch {
            throw ValidationError("the record options: cannot encode: \(error)")
        }
    }
}
