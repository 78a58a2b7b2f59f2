import ArgumentParser

/// The `nfcrig` command line.
@main
struct NFCRig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nfcrig",
        abstract: "Hardware-in-the-loop test harness for NFC readers.",
        subcommands: [NDEFCommand.self, BenchCommand.self, DevicesCommand.self]
    )

    /// Usage errors exit 2 (not ArgumentParser's 64) so scripts can tell them from findings.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandleOutput.standardError(fullMessage(for: error))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
