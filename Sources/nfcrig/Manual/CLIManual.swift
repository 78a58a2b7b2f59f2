import ArgumentParser
import Foundation

/// The command line's manual: every verb's `--help` on one Markdown page (`docs/cli.md`),
/// so the documentation and the help cannot disagree. A test fails when the committed page
/// and this output differ, and when a verb's help gives no example.
enum CLIManual {
    /// One verb: the words that call it (`["ndef", "decode"]`) and its command type.
    struct Verb {
        var path: [String]
        var command: ParsableCommand.Type

        var name: String { (["nfcrig"] + path).joined(separator: " ") }
    }

    /// The width the help is wrapped to on the page: wider than a terminal's 80 columns,
    /// fixed so that the page does not depend on who generated it.
    static let columns = 100

    /// The heading of the examples in a verb's discussion; each example after it is an
    /// indented line starting with the verb's name.
    static let examplesHeading = "Examples:"

    /// Every verb that runs something (the leaves of the command tree), in the order
    /// `nfcrig --help` lists them.
    static var verbs: [Verb] {
        leaves(of: NFCRig.configuration.subcommands, under: [])
    }

    private static func leaves(of commands: [ParsableCommand.Type], under path: [String]) -> [Verb]
    {
        commands.flatMap { command -> [Verb] in
            let configuration = command.configuration
            let name = configuration.commandName ?? String(describing: command)
            if configuration.subcommands.isEmpty {
                return [Verb(path: path + [name], command: command)]
            }
            return leaves(of: configuration.subcommands, under: path + [name])
        }
    }

    /// The examples a verb's discussion gives: each indented line after the heading, a line
    /// ending in a backslash joined with the next, as a shell would.
    static func examples(of verb: Verb) -> [String] {
        let lines = verb.command.configuration.discussion.split(
            separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix(examplesHeading) }) else {
            return []
        }
        var examples: [String] = []
        var pending = ""
        for line in lines[(heading + 1)...] {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(" "), !text.isEmpty else { break }
            pending += pending.isEmpty ? text : " " + text
            if pending.hasSuffix("\\") {
                pending = String(pending.dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            examples.append(pending)
            pending = ""
        }
        return examples
    }

    /// The page: how it is made, a list of the verbs, then each verb's help.
    static func markdown() -> String {
        var lines = [
            "# nfcrig command line",
            "",
            "Every verb's `--help`, generated from the code by `nfcrig manual > docs/cli.md`",
            "(`make test` fails when this page and the code differ, and when a verb's help",
            "gives no example). `nfcrig help VERB` or `nfcrig VERB --help` prints the same.",
            "Exit statuses, for every verb: 0 success, 1 findings (a failed case, a rule",
            "broken, a regression or lost coverage), 2 a usage error or input that cannot be",
            "read; `nfcrig run` adds 3, a run that judged nothing. `nfcrig --version` prints",
            "nfcrig's version and the git commit it was built from.",
            "",
        ]
        for verb in verbs {
            let anchor = verb.name.replacingOccurrences(of: " ", with: "-")
            lines.append(
                "- [`\(verb.name)`](#\(anchor)): \(verb.command.configuration.abstract)")
        }
        for verb in verbs {
            let help = NFCRig.helpMessage(for: verb.command, columns: columns)
            lines += ["", "## \(verb.name)", "", "```text"]
            lines += help.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0.reversed().drop(while: { $0 == " " }).reversed())
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            lines.append("```")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
