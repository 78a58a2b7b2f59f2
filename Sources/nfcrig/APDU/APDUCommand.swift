import ArgumentParser
import Foundation
import HexText
import Rig
import TagEmulation
import TagFormat

/// `nfcrig apdu`: a tag reader session with the rig's reference reader, as `opensc-tool
/// --send-apdu` is one with a contact card: the AIDs selected in order, then each command
/// sent and its answer printed.
struct APDUCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apdu",
        abstract: "Send APDUs to the ISO 7816 tag in the field with the rig's reference reader.",
        discussion: """
            Polls with the reference reader of the rig's DUT, then runs a tag reader session \
            as CoreNFC does: SELECTs each --aid in order until the tag answers one with \
            9000, then sends each COMMAND (hex, one APDU per argument) and prints it and the \
            answer, data then SW1 SW2 with its meaning, whatever the status word. A SELECT \
            by an AID not given with --aid is refused as CoreNFC refuses it. On a \
            virtual-clock rig nothing is in the simulated field unless nfcrig puts it \
            there: --sim-loopback AID presents a card with a loopback application of that \
            AID (repeatable), --sim-card FILE one with the applications of a card file, on \
            the first simulated emulator.

            Exit status: 0 every command was answered (any SW), 1 no tag, no AID \
            selected, or an exchange failed (named as CoreNFC names it), 2 usage error \
            (a command that is no APDU, with the offset; an AID of the wrong length).

            \(CLIManual.examplesHeading)
              nfcrig apdu --rig Rigs/sim.yaml --sim-loopback F04E4643524947 --aid F04E4643524947 \\
                800100000301020300
              nfcrig apdu --rig Rigs/sim.yaml --sim-card Rigs/cards/transit.yaml \\
                --aid A00000039656434103F01200 906C000000 906D000000
            """
    )

    @OptionGroup var rigOptions: RigOptions

    @Option(
        name: .customLong("aid"),
        help: .init("An application to select, in order (5 to 16 bytes in hex).", valueName: "aid"))
    var aids: [String] = []

    @Option(help: "How long to poll: 5s, 500ms.")
    var timeout = "5s"

    @Option(
        name: .customLong("sim-loopback"),
        help: .init("Present a card with a loopback application of this AID.", valueName: "aid"))
    var simLoopbacks: [String] = []

    @Option(
        name: .customLong("sim-card"),
        help: .init("Present a card with the applications of this card file.", valueName: "file"))
    var simCard: String?

    @Argument(help: .init("The command APDUs, in hex.", valueName: "command"))
    var commands: [String] = []

    func validate() throws {
        guard !aids.isEmpty else { throw ValidationError("give at least one --aid to select") }
        _ = try CommandLineValues.applicationIdentifiers(aids, option: "--aid")
        _ = try CommandLineValues.applicationIdentifiers(simLoopbacks, option: "--sim-loopback")
        _ = try commandAPDUs()
        _ = try CommandLineValues.positiveDuration(timeout, argument: "--timeout")
    }

    func run() throws {
        let rig = try rigOptions.load()
        try rig.requireReferenceReader(for: "apdu")
        var tags: [TagSetup] = []
        if !simLoopbacks.isEmpty || simCard != nil {
            try rig.requireSimulatedEmulators(
                for: simCard == nil ? "--sim-loopback" : "--sim-card")
            let applications = try CardFile.applications(
                card: simCard, loopbacks: simLoopbacks,
                options: ("--sim-card", "--sim-loopback"))
            tags = [.type4(Type4Setup(formatted: false, content: [], applications: applications))]
        }
        try VirtualUSBRequirement.ensure(for: rig.file)
        let plan = APDUSession.Plan(
            aids: try CommandLineValues.applicationIdentifiers(aids, option: "--aid"),
            commands: try commandAPDUs(),
            simulatedTags: tags,
            timeout: try CommandLineValues.positiveDuration(timeout, argument: "--timeout"))
        let outcome = waitFor {
            await APDUSession.run(plan, rig: rig.file, directory: rig.directory)
        }
        let lines = outcome.lines
        if !lines.isEmpty { print(lines.joined(separator: "\n")) }
        if let failure = outcome.failure {
            let simulated =
                if case .reference(let device) = rig.file.dut { device.isSimulated } else { false }
            let hint =
                simulated && simLoopbacks.isEmpty && simCard == nil && outcome.lines.isEmpty
                ? "; in a simulated field only --sim-loopback AID or --sim-card FILE puts a card"
                : ""
            FileHandleOutput.standardError("error: \(failure)" + hint)
            throw ExitCode(1)
        }
    }

    /// The commands, decoded, or a usage error naming the argument and the offset.
    private func commandAPDUs() throws -> [CommandAPDU] {
        try commands.enumerated().map { index, text in
            let bytes: [UInt8]
            do {
                bytes = try Hex.decode(text)
            } catch {
                throw ValidationError("command \(index + 1) \(text): \(error)")
            }
            do throws(APDUError) {
                return try CommandAPDU(decoding: bytes)
            } catch {
                throw ValidationError(
                    "command \(index + 1) \(text): not an APDU: \(error.rule) at byte "
                        + "\(error.offset)")
            }
        }
    }
}
