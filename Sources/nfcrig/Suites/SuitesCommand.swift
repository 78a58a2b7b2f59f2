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
            rules and expectations, the requests its cases send the DUT, the reference \
            reader's faults it catches), or with --json an array of {id, suite, title, rule, \
            expected: {profile: text}, notJudged, failedBy, requests}. The requests come from \
            a run of the whole catalogue against the reference reader on the simulated rig, \
            which --markdown and --json make first (some 25 s).

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
            print(ConformanceCatalog.markdown(requests: try Self.requests()), terminator: "")
        } else if json {
            let requests = try Self.requests()
            print(String(decoding: try ConformanceCatalog.json(requests: requests), as: UTF8.self))
        } else {
            for entry in ConformanceCatalog.entries {
                print("\(entry.id)  \(entry.suite)  \(entry.title)")
            }
        }
    }

    /// The requests of each case, from the reference reader's run of the whole catalogue.
    static func requests() throws -> [String: [String]] {
        let outcome = waitFor { () -> Result<[String: [String]], ConformanceRun.Failure> in
            do throws(ConformanceRun.Failure) {
                return .success(try await ConformanceCatalog.referenceRequests())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
