import ArgumentParser
import Reporting
import TagFormat

/// Option values several verbs take, parsed once, each refusal a usage error naming the option.
enum CommandLineValues {
    /// A duration with its unit (`20s`, `500ms`) that must be above zero, for `argument`.
    static func positiveDuration(_ text: String, argument: String) throws -> Duration {
        let value: Duration
        do {
            value = try GateArguments.duration(text, argument: argument)
        } catch {
            throw ValidationError(error.description)
        }
        guard value > .zero else { throw ValidationError("\(argument) \(text): must be above 0") }
        return value
    }

    /// Checks `--only`'s comma-separated names against `known`; `noun` names them in the
    /// error ("measurement", "group").
    static func checkSelection(_ only: String?, known: [String], noun: String) throws {
        guard let only else { return }
        let unknown = Set(only.split(separator: ",").map(String.init)).subtracting(known)
        if !unknown.isEmpty {
            throw ValidationError(
                "--only: unknown \(noun)(s) \(unknown.sorted().joined(separator: ", "))")
        }
    }

    /// Application identifiers in hex (`--aid`, `--loopback`), each refusal naming `option`.
    static func applicationIdentifiers(_ texts: [String], option: String) throws
        -> [ApplicationIdentifier]
    {
        try texts.map { text in
            do {
                return try ApplicationIdentifier(hex: text)
            } catch {
                throw ValidationError("\(option) \(text): \(error)")
            }
        }
    }
}
