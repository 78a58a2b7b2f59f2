import ArgumentParser
import NDEF

/// `nfcrig ndef decode`: the records of a message and their decoded fields.
struct NDEFDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode an NDEF message: records and their decoded RTD fields.",
        discussion: """
            Exit status: 0 decoded, 1 the message breaks an NDEF rule (the rule, record and \
            offset are printed), 2 usage error or unreadable input.

            \(CLIManual.examplesHeading)
              nfcrig ndef decode --file Rigs/samples/smart-poster.hex
              nfcrig ndef decode --json d1011b55046578616d706c652e636f6d2f70726f64756374733f69643d3432
              nfcrig ndef decode --lenient 9101015500
            """
    )

    @OptionGroup var input: NDEFInputOptions

    @Flag(help: "Print JSON (schema in docs/reports.md).")
    var json = false

    @Flag(help: "Decode what can be decoded and list every violation instead of stopping.")
    var lenient = false

    func run() throws {
        let (name, bytes) = try input.load()
        if lenient {
            let result = NDEFDecoder().decodeLeniently(bytes)
            print(render(result.message.records, violations: result.violations, name: name))
            if !result.violations.isEmpty { throw ExitCode(1) }
            return
        }
        do {
            let message = try NDEFDecoder().decode(bytes)
            print(render(message.records, violations: [], name: name))
        } catch {
            if json {
                print(JSONValue.object([("error", NDEFRecordJSON.violation(error))]).serialized())
            } else {
                FileHandleOutput.standardError("error: \(name): \(error.rule): \(error.message)")
            }
            throw ExitCode(1)
        }
    }

    private func render(_ records: [NDEFRecord], violations: [NDEFError], name: String) -> String {
        if json {
            var members: [(String, JSONValue)] = [
                ("records", .array(records.map(NDEFRecordJSON.record)))
            ]
            if lenient {
                members.append(("violations", .array(violations.map(NDEFRecordJSON.violation))))
            }
            return JSONValue.object(members).serialized()
        }
        var lines = ["\(name): \(records.count) record\(records.count == 1 ? "" : "s")"]
        for (index, record) in records.enumerated() {
            lines += NDEFRecordText.lines(record, index: index)
        }
        for violation in violations {
            lines.append("violation: \(violation.rule): \(violation.message)")
        }
        return lines.joined(separator: "\n")
    }
}
