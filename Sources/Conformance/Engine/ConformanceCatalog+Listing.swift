import Foundation
import Rig

/// The catalog as people and programs read it (`nfcrig suites`): every suite with what it
/// checks, and every case with its rule and what each reader profile expects.
/// `docs/suites.md` is the Markdown listing, and a test fails when it differs from the code.
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
        /// The reference reader's faults (`--dut-fault`) that fail it.
        public var failedBy: [String]
        /// The requests it sends the DUT, in order, as a run of the reference reader sent
        /// them (`CaseResult.requests`); absent when the listing was made without a run.
        public var requests: [String]?
    }

    /// Every case, in catalog order.
    public static var entries: [Entry] { entries(requests: [:]) }

    /// Every case, in catalog order, with the requests each sent in a run (`requests`, by
    /// case ID: `requests(of:)`).
    public static func entries(requests: [String: [String]]) -> [Entry] {
        allCases.map { item in
            Entry(
                id: item.id, suite: item.suite, title: item.title, rule: item.rule,
                expected: Dictionary(
                    uniqueKeysWithValues: (item.expectations?.expected ?? [:]).map {
                        ($0.key.rawValue, $0.value)
                    }),
                notJudged: item.expectations.flatMap { $0.notJudged.isEmpty ? nil : $0.notJudged },
                failedBy: faultCatches.filter { $0.fails.contains(item.id) }.map(\.fault),
                requests: requests[item.id])
        }
    }

    /// The requests each case of `results` sent, by case ID: what the listing shows.
    public static func requests(of results: [CaseResult]) -> [String: [String]] {
        Dictionary(results.map { ($0.id, $0.requests) }) { first, _ in first }
    }

    /// The Markdown listing: how to regenerate it, then a section per suite with its
    /// description, a row per case, the requests its cases send (`requests`, by case ID, from
    /// a run of the reference reader; left out when empty) and the reference reader's faults
    /// it catches.
    public static func markdown(requests: [String: [String]] = [:]) -> String {
        var lines = [
            "# Conformance cases",
            "",
            "Every case of every suite, generated from the code by `nfcrig suites --markdown`.",
            "`make test` fails when this file and the code differ: change the suites in",
            "`Sources/Conformance/Suites/` (a case's title, rule and expectations, a suite's",
            "`about`) or the faults in `ConformanceCatalog.faultCatches`, then regenerate it:",
            "",
            "    swift build && .build/debug/nfcrig suites --markdown > docs/suites.md",
            "",
            "`nfcrig run` runs the suites a rig file names. Each case has a stable ID, which",
            "reports and the gate key on, repeats `repeat` times (or its own count when that is",
            "more, as the `latency` suite's cases have; `--repeat N` runs every case N times),",
            "keeps every latency sample, and is judged on what the emulators saw on the RF side",
            "as well as on what the DUT said. A row gives what the case checks, the rule it rests on and where that rule is",
            "written, and what the case expects under each reader profile (the rig file's",
            "`profile:`): \"as the title says\" where it expects the same of every reader,",
            "\"skipped\" where that profile does not judge it.",
            "",
            "Under each suite, the faults of the reference reader (`nfcrig run --dut-fault NAME`)",
            "that it catches: each fault fails exactly the cases listed for it, in every suite,",
            "and no other (`DUTFaultMatrixTests` runs the catalog with each). The reference",
            "reader without a fault passes every case, and every case is failed by at least",
            "one fault (its row's last column): a check that cannot fail would be a defect.",
            "At the end, readers that do no work, run against the whole catalog, and the cases",
            "each passes.",
            "",
            "Measurements, in a report's `measurements` by name: `timeToDetect`,",
            "`readTime.<size>`, `readTime`, `writeTime`, `apduTime`, `apduTime.<size>`,",
            "`multiTagScanTime`, `restartInterval` and `dispatchTime`; each suite says which it",
            "records.",
            "",
            "| suite | cases | IDs |",
            "|---|---|---|",
        ]
        // Building the cases is the costly part: once for the whole listing.
        let entries = Self.entries(requests: requests)
        let bySuite = suiteNames.map { suite in (suite, entries.filter { $0.suite == suite }) }
        for (suite, entries) in bySuite {
            lines.append(
                "| `\(suite)` | \(entries.count) | "
                    + "\(entries.first?.id ?? "")…\(entries.last?.id ?? "") |")
        }
        for (suite, entries) in bySuite { lines += section(suite, entries) }
        lines += lazyReaderTable()
        return lines.joined(separator: "\n") + "\n"
    }

    /// The readers that do no work and what each passes.
    private static func lazyReaderTable() -> [String] {
        var lines = [
            "", "## Readers that do no work", "",
            "A lazy or broken adapter answers without doing the work a case is about: each of",
            "these wraps the reference reader, skips one kind of work and answers anyway.",
            "`LazyReaderTests` runs the whole catalog against each in `make test` and checks",
            "that it passes exactly the cases listed here, ideally none: a pass for work the",
            "reader skipped would be a verdict resting on its word instead of on the air.",
            "", "| reader | does | passes |", "|---|---|---|",
        ]
        for item in lazyReaders {
            let passes = item.passRuns.isEmpty ? "none" : item.passRuns.joined(separator: ", ")
            lines.append("| `\(item.reader)` | \(cell(item.does)) | \(passes) |")
        }
        return lines
    }

    /// A suite's section of the Markdown listing, from its entries.
    private static func section(_ suite: String, _ entries: [Entry]) -> [String] {
        let profiles = ReaderProfile.allCases
        var lines = ["", "## `\(suite)` (\(entries.count) cases)"]
        for paragraph in about(suite: suite) ?? [] { lines += ["", paragraph] }
        lines += [
            "",
            "| ID | checks | rule | " + profiles.map(\.rawValue).joined(separator: " | ")
                + " | failed by |",
            "|---|---|---|" + profiles.map { _ in "---|" }.joined() + "---|",
        ]
        for entry in entries {
            let cells = profiles.map { profile -> String in
                if entry.expected.isEmpty { return "as the title says" }
                return entry.expected[profile.rawValue] ?? "skipped"
            }
            let faults = entry.failedBy.map { "`\($0)`" }.joined(separator: ", ")
            lines.append(
                "| \(entry.id) | \(cell(entry.title)) | \(cell(entry.rule)) | "
                    + cells.map(cell).joined(separator: " | ") + " | "
                    + (faults.isEmpty ? "none" : faults) + " |")
        }
        var reasons: [String] = []
        for reason in entries.compactMap(\.notJudged) where !reasons.contains(reason) {
            reasons.append(reason)
        }
        if !reasons.isEmpty { lines += [""] + reasons.map { "Skipped: \($0)." } }
        return lines + requestTable(entries) + faultTable(ids: Set(entries.map(\.id)))
    }

    /// The requests the cases of a suite send the DUT, each sequence with the cases that send
    /// it; nothing when the entries carry none.
    private static func requestTable(_ entries: [Entry]) -> [String] {
        var flows: [[String]] = []
        var cases: [[String]: [String]] = [:]
        for entry in entries {
            guard let requests = entry.requests else { continue }
            if cases[requests] == nil { flows.append(requests) }
            cases[requests, default: []].append(entry.id)
        }
        guard !flows.isEmpty else { return [] }
        var lines = [
            "",
            "The requests each case sends the DUT, in order (`hello` comes once, before "
                + "the first case), as the reference reader's run on the simulated rig got "
                + "them, the suite judged under the profile the shipped rigs pair it with (a "
                + "reader that refuses or fails sooner gets fewer):", "",
            "| requests | cases |", "|---|---|",
        ]
        for flow in flows {
            let names = flow.isEmpty ? "none" : RequestSequence.describe(flow)
            let ids = CaseIDRuns.compress(cases[flow] ?? []).joined(separator: ", ")
            lines.append("| \(names) | \(ids) |")
        }
        return lines
    }

    /// The faults of the reference reader that fail cases of a suite (whose cases are
    /// `ids`), each with the cases it fails here and elsewhere.
    private static func faultTable(ids: Set<String>) -> [String] {
        let catches = faultCatches(failingAnyOf: ids)
        guard !catches.isEmpty else {
            return ["", "No fault of the reference reader fails a case of this suite."]
        }
        var lines = [
            "", "Faults of the reference reader that this suite catches:", "",
            "| `--dut-fault` | the reader | fails |", "|---|---|---|",
        ]
        for item in catches {
            let here = item.fails.filter(ids.contains)
            let elsewhere = item.fails.filter { !ids.contains($0) }
            let also = elsewhere.isEmpty ? "" : "; also " + elsewhere.joined(separator: ", ")
            let profile = item.profile == .nfcForum ? "" : " (under `\(item.profile)`)"
            let fails = here.joined(separator: ", ") + also + profile
            lines.append("| `\(item.fault)` | \(cell(item.reader)) | \(fails) |")
        }
        return lines
    }

    /// The catalog as JSON: an array of entries, with the requests of `requests` (by case
    /// ID) where given.
    public static func json(requests: [String: [String]] = [:]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entries(requests: requests))
    }

    /// Text safe in a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
