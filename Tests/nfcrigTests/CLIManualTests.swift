import ArgumentParser
import Foundation
import Testing

@testable import nfcrig

@Suite struct CLIManualTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func docsCLIMatchesTheHelpOfEveryVerb() throws {
        let committed = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let generated = CLIManual.markdown()
        let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(committedLines, generatedLines).enumerated().first {
            $0.element.0 != $0.element.1
        }
        #expect(
            committed == generated,
            """
            docs/cli.md differs from the help at line \((first?.offset ?? min(committedLines.count, generatedLines.count)) + 1): \
            regenerate it with `nfcrig manual > docs/cli.md`
            """)
    }

    @Test func everyVerbsHelpGivesAnExampleOfThatVerb() {
        #expect(CLIManual.verbs.count >= 17)
        for verb in CLIManual.verbs {
            let examples = CLIManual.examples(of: verb)
            #expect(!examples.isEmpty, "\(verb.name) has no example in its help")
            for example in examples {
                #expect(
                    example == verb.name || example.hasPrefix(verb.name + " "),
                    "\(verb.name)'s example calls another verb: \(example)")
            }
        }
    }

    /// An example that no longer parses (a renamed option, a value a verb refuses) fails
    /// here, without running it.
    @Test func everyExampleParsesAsTheVerbItShows() throws {
        for verb in CLIManual.verbs {
            for example in CLIManual.examples(of: verb) {
                let words = Self.shellWords(example)
                #expect(words.first == "nfcrig")
                do {
                    let command = try NFCRig.parseAsRoot(Array(words.dropFirst()))
                    #expect(type(of: command) == verb.command, "\(example)")
                } catch {
                    Issue.record("\(example): \(NFCRig.message(for: error))")
                }
            }
        }
    }

    @Test func examplesAreReadAsAShellReadsThem() {
        let verb = CLIManual.Verb(path: ["apdu"], command: APDUCommand.self)
        #expect(
            CLIManual.examples(of: verb).contains {
                $0.hasSuffix("F04E4643524947 800100000301020300")
            })
        #expect(
            Self.shellWords(#"nfcrig ndef encode --text "Hello, reader" > m.hex"#)
                == ["nfcrig", "ndef", "encode", "--text", "Hello, reader"])
    }

    /// The words of a one-line shell command, double quotes kept together, up to a
    /// redirection or a pipe.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        if let end = words.firstIndex(where: { [">", "|", "2>", "&&"].contains($0) }) {
            words.removeSubrange(end...)
        }
        return words
    }
}
