import ArgumentParser

struct NDEFDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode")
}
struct NDEFEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "encode")
}
struct NDEFLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lint")
}
