import ArgumentParser
import Conformance
import Foundation

/// `nfcrig suites`: the conformance catalog, from the code.
struct SuitesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suites",
        abstract: "List every conformance case: what it checks, its rule, what it expects.",
        discussion: """
            Prints one line per case (ID, suite, what it checks), or with --markdown the \
            catalogue docs/suites.md holds (each suite's description, its cases with their \
            rules and expectations, the reference reader's faults it catches), or with --json \
            an array of {id, suite, title, rule, expected: {profile: text}, notJudged}.

            \(CLIManual.examplesHeading)
              nfcrig suites
              nfcrig suites --json
              nfcrig suites --markdown > docs/suites.md
            """
    )

    @Flag(help: "Print the Markdown catalogue (docs/suites.md).")
    var markdown = false

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if markdown && json { throw ValidationError("give --markdown or --json, not both") }
    }

    func run() throws {
        if markdown {
            print(ConformanceCatalog.markdown(), terminator: "")
        } else if json {
            print(String(decoding: try ConformanceCatalog.json(), as: UTF8.self))
        } else {
            for entry in ConformanceCatalog.entries {
                print("\(entry.id)  \(entry.suite)  \(entry.title)")
            }
        }
    }
}
