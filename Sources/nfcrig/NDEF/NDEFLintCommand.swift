import ArgumentParser
import NDEF

/// `nfcrig ndef lint`: every NDEF and RTD rule a message breaks, and what iOS background tag
/// reading would do with it.
struct NDEFLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "List spec violations and the iOS background-reading verdict.",
        discussion: """
            Exit status: 0 clean, 1 violations found, 2 usage error or unreadable input.

            \(CLIManual.examplesHeading)
              nfcrig ndef lint --file Rigs/samples/not-from-tag.hex
              nfcrig ndef lint --json --file Rigs/samples/uri.hex
              nfcrig ndef lint 9101015500
            """
    )

    @OptionGroup var input: NDEFInputOptions

    @Flag(help: "Print JSON (schema in docs/reports.md).")
    var json = false

    func run() throws {
        let (name, bytes) = try input.load()
        let findings = NDEFLint.findings(bytes)
        if json {
            print(
                JSONValue.object([
                    ("violations", .array(findings.violations.map(\.json))),
                    ("background", NDEFRecordJSON.background(findings.background)),
                ]).serialized())
        } else {
            var lines = ["\(name): \(findings.violations.count) violation(s)"]
            lines += findings.violations.map {
                // The decoder's messages already say where; a record type's do not.
                let place = "record \($0.record) at offset \($0.offset): "
                return
                    "violation: \($0.rule): \($0.message.hasPrefix(place) ? "" : place)\($0.message)"
            }
            let verdict = findings.background
            lines.append(
                "background reading: "
                    + (verdict.dispatch
                        ? "dispatches \(verdict.url ?? "") (\(verdict.kind?.rawValue ?? ""))"
                        : "nothing dispatched")
                    + " — \(verdict.reason)")
            print(lines.joined(separator: "\n"))
        }
        if !findings.violations.isEmpty { throw ExitCode(1) }
    }
}

/// What lint found: message-level and record-level violations, and the background verdict.
enum NDEFLint {
    struct Violation {
        var rule: String
        var record: Int
        var offset: Int
        var message: String

        var json: JSONValue {
            .object([
                ("rule", .string(rule)), ("record", .int(record)), ("offset", .int(offset)),
                ("message", .string(message)),
            ])
        }
    }

    struct Findings {
        var violations: [Violation]
        var background: BackgroundReadingVerdict
    }

    /// Decodes leniently, then checks each record's payload against its RTD. Record indices
    /// and offsets point at the wire record and the byte in the input.
    static func findings(_ bytes: [UInt8]) -> Findings {
        let result = NDEFDecoder().decodeLeniently(bytes)
        var violations = result.violations.map {
            Violation(rule: $0.rule, record: $0.record, offset: $0.offset, message: $0.message)
        }
        for (index, record) in result.message.records.enumerated() {
            do {
                _ = try NDEFRecordContent(record)
            } catch {
                let place = result.locate(record: index, payloadOffset: error.offset ?? 0)
                violations.append(
                    Violation(
                        rule: error.rule, record: place?.wireRecord ?? index,
                        offset: place?.offset ?? 0, message: error.message))
            }
        }
        return Findings(
            violations: violations, background: BackgroundReading.evaluate(result.message))
    }
}
