import ArgumentParser

/// `nfcrig manual`: every verb's help on one Markdown page.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Print every verb's help as one Markdown page (docs/cli.md).",
        discussion: """
            The page lists the verbs, then each verb's --help wrapped to \
            \(CLIManual.columns) columns. make test fails when docs/cli.md and this output \
            differ: regenerate it after changing a verb's options or help.

            \(CLIManual.examplesHeading)
              nfcrig manual > docs/cli.md
            """
    )

    func run() throws {
        print(CLIManual.markdown(), terminator: "")
    }
}
