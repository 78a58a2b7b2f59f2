import ArgumentParser
import BuildProvenance
import Foundation

/// The `nfcrig` command line.
@main
struct NFCRig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nfcrig",
        abstract: "Hardware-in-the-loop test harness for NFC readers.",
        version: BuildProvenance.description,
        subcommands: [
            RunCommand.self, EmulateCommand.self, ReadCommand.self, APDUCommand.self,
            SuitesCommand.self, NDEFCommand.self,
            BenchCommand.self, DevicesCommand.self, GateCommand.self, SimCommand.self,
            TraceCommand.self, DUTCommand.self, ManualCommand.self,
        ]
    )

    /// nfcrig's version, in reports.
    static let version = BuildProvenance.version

    /// Exit statuses: 0 success, 1 findings (bad input, violations), 2 usage or input that
    /// cannot be read; `nfcrig run` adds 3, a run that judged nothing. Usage errors exit 2, not ArgumentParser's 64, so scripts can tell them
    /// from findings.
    static func main() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandleOutput.standardError(fullMessage(for: error))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            FileHandleOutput.standardError("error: \(error.message)")
            Foundation.exit(2)
        } catch {
            exit(withError: error)
        }
    }
}
