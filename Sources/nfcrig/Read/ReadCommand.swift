import ArgumentParser
import Foundation
import Reporting
import Rig

/// `nfcrig read`: polls with the rig's reference reader and prints what the tag holds.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read the tag in the field with the rig's reference reader.",
        discussion: """
            Polls with the reference reader of the rig's DUT (dut: {adapter: reference, \
            device: ...}) and prints the tag's type, UID, NDEF status, capacity and message, \
            records as `ndef decode` prints them. On a virtual-clock rig nothing is in the \
            simulated field unless nfcrig puts it there: --sim-tag FILE presents that \
            message (hex text or raw bytes) on the rig's first emulator chip first; it is \
            allowed on rigs whose emulators are all simulated. Exit status: 0 a tag was \
            read (also one without NDEF: status notSupported), 1 no tag within the timeout, \
            several tags, or a read error (named as CoreNFC names it), 2 usage error.

            \(CLIManual.examplesHeading)
              nfcrig read --rig Rigs/sim.yaml --sim-tag Rigs/samples/uri.hex
              nfcrig read --rig Rigs/sim.yaml --sim-tag Rigs/samples/text.hex --sim-type 2 --json
            """
    )

    @OptionGroup var rigOptions: RigOptions

    @Option(help: "How long to poll: 5s, 500ms.")
    var timeout = "5s"

    @Flag(help: "Print one JSON object (schema in docs/reports.md).")
    var json = false

    @Option(
        name: .customLong("sim-tag"),
        help: "Present this NDEF message on the first simulated emulator.")
    var simTag: String?

    @Option(name: .customLong("sim-type"), help: "The simulated tag's type (with --sim-tag).")
    var simType: TagTypeArgument?

    func validate() throws {
        _ = try pollTimeout()
        if simType != nil && simTag == nil {
            throw ValidationError("--sim-type needs --sim-tag FILE")
        }
    }

    func run() throws {
        let rig = try rigOptions.load()
        try rig.requireReferenceReader(for: "read")
        let tags = try simulatedTags(rig)
        let timeout = try pollTimeout()
        try VirtualUSBRequirement.ensure(for: rig.file)
        let result = waitFor {
            await TagReading.read(
                rig.file, directory: rig.directory, simulatedTags: tags, timeout: timeout)
        }
        let report: TagReadReport
        switch result {
        case .success(let outcome): report = TagReadReport(outcome: outcome)
        case .failure(let failure):
            FileHandleOutput.standardError("error: \(rigOptions.rig): \(failure.message)")
            throw ExitCode(1)
        }
        if json {
            print(report.json())
        } else {
            let lines = report.text()
            if !lines.isEmpty { print(lines.joined(separator: "\n")) }
            if let failure = report.failure() {
                FileHandleOutput.standardError("error: \(failure)" + hint(rig, report))
            }
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    private func simulatedTags(_ rig: LoadedRig) throws -> [TagSetup] {
        guard let simTag else { return [] }
        try rig.requireSimulatedEmulators(for: "--sim-tag")
        guard let data = FileManager.default.contents(atPath: simTag) else {
            throw ValidationError("--sim-tag \(simTag): cannot read the file")
        }
        let message = try NDEFInputOptions.bytes(fromFileContent: Array(data), name: simTag)
        return [
            try TagSetupBuilder.setup(
                simType ?? .type4, message: message, source: "--sim-tag \(simTag)")
        ]
    }

    private func pollTimeout() throws -> Duration {
        try CommandLineValues.positiveDuration(timeout, argument: "--timeout")
    }

    /// Why a simulated reader found nothing: nothing is in its field unless nfcrig puts it.
    private func hint(_ rig: LoadedRig, _ report: TagReadReport) -> String {
        guard case .noTag = report.outcome, simTag == nil,
            case .reference(let device) = rig.file.dut, device.isSimulated
        else { return "" }
        return "; in a simulated field only --sim-tag FILE puts a tag"
    }
}
