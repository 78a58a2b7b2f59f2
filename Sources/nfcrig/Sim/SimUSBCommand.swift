import ArgumentParser
import Foundation
import Reporting
import Rig
import VirtualUSB

/// `nfcrig sim usb`: simulated PN533s on virtual USB for another program (libnfc's tools,
/// nfcpy, a reader product's host software), with nfcrig emulating or reading tags on the
/// other chips in the same simulated field.
struct SimUSBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usb",
        abstract: "Run a command that sees simulated PN533s on (virtual) USB.",
        discussion: """
            The rig's chips are simulated in one RF field on the wall clock; the chips \
            --expose names appear to COMMAND as USB readers 04cc:2533 on bus 001 (addresses \
            002, 003, ...) through umockdev (nfcrig re-runs itself under umockdev-wrapper). \
            The rig is --rig FILE (every device sim, reference DUT) or a built-in one: a \
            reader chip and as many emulator chips as needed.

              --expose reader (default): COMMAND gets the reader chip; nfcrig emulates each \
            --tag4 FILE (Type 4) and --tag2 FILE (Type 2) on an emulator chip, so COMMAND \
            reads them.
              --expose emulator: COMMAND gets the emulator chips no tag uses and emulates a \
            tag there; with --read nfcrig's reference reader polls from the reader chip, \
            prints the tag and message it reads, ends COMMAND (SIGTERM) and exits 0, or 1 \
            when nothing was read within --timeout (default 20s).
              --expose all: COMMAND gets every chip; nfcrig emulates nothing.

            Tag files hold an NDEF message as hex text or raw bytes. Without --read the exit \
            status is COMMAND's (128+N when signal N ended it, 124 when --timeout ended it, \
            127 when it cannot start); SIGINT and SIGTERM are passed to COMMAND. \
            --remove-after T takes nfcrig's tags out of the field T after COMMAND started. \
            Usage errors exit 2, set-up failures 1.

            \(CLIManual.examplesHeading)
              nfcrig sim usb --tag4 Rigs/samples/uri.hex --tag2 Rigs/samples/text.hex -- nfc-list
              nfcrig sim usb --tag4 Rigs/samples/uri.hex --remove-after 3s --timeout 30s -- nfc-poll
              nfcrig sim usb --expose emulator --read -- nfc-emulate-forum-tag2
            """
    )

    @Option(help: "A rig file whose chips are all simulated (default: built in).")
    var rig: String?

    @Option(help: "Emulate a Type 4 tag holding this NDEF message (repeatable).")
    var tag4: [String] = []

    @Option(help: "Emulate a Type 2 tag holding this NDEF message (repeatable).")
    var tag2: [String] = []

    @Option(help: "Which chips the command gets: reader, emulator or all.")
    var expose: SimUSBExposure = .reader

    @Flag(help: "With --expose emulator: nfcrig's reader reads the command's tag.")
    var read = false

    @Option(help: "With --read: how long to try (default 20s); else: end the command after it.")
    var timeout: String?

    @Option(
        help: """
            Take nfcrig's --tag4/--tag2 tags out of the field this long after the command \
            started (e.g. 2s), to see it notice a removal.
            """)
    var removeAfter: String?

    @Argument(parsing: .postTerminator, help: "The command and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("give the command to run after --") }
        _ = try timeoutValue()
        if try removeAfterValue() != nil, tag4.isEmpty, tag2.isEmpty {
            throw ValidationError("--remove-after takes nfcrig's tags away: give --tag4 or --tag2")
        }
    }

    func run() throws {
        let layout = try layout()
        let timeout = try timeoutValue()
        let removeAfter = try removeAfterValue()
        do {
            try UMockdevWrapper.ensureActive()
        } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(1)
        }
        let signals = InterruptSignals.catching()
        let command = command
        let status = waitFor {
            await SimUSBSession.run(
                layout, command: command, timeout: timeout, removeAfter: removeAfter,
                signals: signals,
                output: StandardOutput.write,
                note: { lines in
                    for line in lines { FileHandleOutput.standardError("sim usb: " + line) }
                })
        }
        throw ExitCode(status)
    }

    /// The rig laid out for the tags and the exposure; usage errors name the rig file.
    private func layout() throws -> SimUSBLayout {
        var tags: [TagSetup] = []
        for (type, files) in [(TagTypeArgument.type4, tag4), (.type2, tag2)] {
            for file in files {
                let option = "--tag\(type.rawValue) \(file)"
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw ValidationError("\(option): cannot read the file")
                }
                let message = try NDEFInputOptions.bytes(fromFileContent: Array(data), name: option)
                tags.append(try TagSetupBuilder.setup(type, message: message, source: option))
            }
        }
        let file: RigFile
        let directory: URL
        if let rig {
            let loaded = try RigOptions.parse(["--rig", rig]).load()
            file = loaded.file
            directory = loaded.directory
        } else {
            let spare = expose == .emulator ? 1 : 0
            file = SimUSBLayout.builtInRig(emulators: max(1, tags.count + spare))
            directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        }
        do {
            return try SimUSBLayout(
                file: file, directory: directory, tags: tags, expose: expose, read: read)
        } catch {
            throw ValidationError((rig.map { "--rig \($0): " } ?? "") + error.description)
        }
    }

    private func timeoutValue() throws -> Duration? {
        guard let timeout else { return nil }
        return try CommandLineValues.positiveDuration(timeout, argument: "--timeout")
    }

    private func removeAfterValue() throws -> Duration? {
        guard let removeAfter else { return nil }
        return try CommandLineValues.positiveDuration(removeAfter, argument: "--remove-after")
    }
}
