import ArgumentParser

/// `nfcrig sim`: the simulated rig, offered to programs outside nfcrig.
struct SimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim",
        abstract: "Offer simulated PN533s to other programs.",
        subcommands: [SimUSBCommand.self]
    )
}
