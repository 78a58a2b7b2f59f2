import Foundation
import Rig

/// The catalog as people and programs read it (`nfcrig suites`): every case with what it
/// checks, the rule it checks and what each reader profile expects. `docs/suites.md` is the Markdown listing,
/// and a test fails when it differs from the code.
extension ConformanceCatalog {
    /// One case as the listing shows it.
    public struct Entry: Sendable, Hashable, Encodable {
        public var id: String
        public var suite: String
        /// What the case checks.
        public var title: String
        /// The rule it checks and where that rule is written.
        public var rule: String
        /// What the case expects under each profile it judges, by profile name; empty when
        /// it expects what its title says of every reader.
        public var expected: [String: String]
        /// Why the other profiles skip it.
        public var notJudged: String?
    }

    /// Every case, in catalog order.
    public static var entries: [Entry] {
        allCases.map { item in
            Entry(
                id: item.id, suite: item.suite, title: item.title, rule: item.rule,
                expected: Dictionary(
                    uniqueKeysWithValues: (item.expectations?.expected ?? [:]).map {
                        ($0.key.rawValue, $0.value)
                    }),
                notJudged: item.expectations.flatMap { $0.notJudged.isEmpty ? nil : $0.notJudged })
        }
    }

    /// The Markdown listing: a section per suite, a row per case.
    public static func markdown() -> String {
        let profiles = ReaderProfile.allCases
        var lines = [
            "# Conformance cases",
            "",
            "Every case of every suite, generated from the code by `nfcrig suites --markdown`",
            "(`make test` fails when this file and the code differ). A row gives what the case",
            "checks, the rule it rests on and where that rule is written, and what it expects",
            "under each reader profile (the rig file's `profile:`), \"skipped\" where that",
            "profile does not judge it.",
        ]
        for suite in suiteNames {
            let entries = Self.entries.filter { $0.suite == suite }
            lines += ["", "## `\(suite)` (\(entries.count) cases)", ""]
            lines.append(
                "| ID | checks | rule | " + profiles.map(\.rawValue).joined(separator: " | ")
                    + " |")
            lines.append("|---|---|---|" + profiles.map { _ in "---|" }.joined())
            for entry in entries {
                let cells = profiles.map { profile -> String in
                    if entry.expected.isEmpty { return "as the title says" }
                    return entry.expected[profile.rawValue] ?? "skipped"
                }
                lines.append(
                    "| \(entry.id) | \(cell(entry.title)) | \(cell(entry.rule)) | "
                        + cells.map(cell).joined(separator: " | ") + " |")
            }
            var reasons: [String] = []
            for reason in entries.compactMap(\.notJudged) where !reasons.contains(reason) {
                reasons.append(reason)
            }
            if !reasons.isEmpty { lines += [""] + reasons.map { "Skipped: \($0)." } }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The catalog as JSON: an array of entries.
    public static func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entries)
    }

    /// Text safe in a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
