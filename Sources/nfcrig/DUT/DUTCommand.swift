import ArgumentParser

/// `nfcrig dut`: tools for the author of a DUT adapter.
struct DUTCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dut",
        abstract: "Tools for writing a DUT adapter.",
        subcommands: [DUTCheckCommand.self])
}
