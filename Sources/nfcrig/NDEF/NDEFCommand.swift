import ArgumentParser

/// `nfcrig ndef`: decode, encode and lint NDEF messages.
struct NDEFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ndef",
        abstract: "Decode, encode and lint NDEF messages.",
        subcommands: [NDEFDecodeCommand.self, NDEFEncodeCommand.self, NDEFLintCommand.self]
    )
}
