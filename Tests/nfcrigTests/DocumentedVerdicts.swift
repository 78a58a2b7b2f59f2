import Foundation
import Testing

/// A third-party stack's verdict table in its page under docs/ (docs/nfcpy.md,
/// docs/libnfc.md): the rows `| case | profile | verdict | why |` of the section "The
/// verdicts, case by case", the verdict marked *adapter* where the adapter decides it.
enum DocumentedVerdicts {
    /// One row: the verdict, the profile it was judged under, and whether the adapter
    /// decides it.
    typealias Row = (verdict: String, profile: String, adapter: Bool)

    /// The rows of `page` (a path under the repository's root), by case ID.
    static func read(_ page: String) throws -> [String: Row] {
        let text = try String(
            contentsOf: NfcpyDUTTests.root.appendingPathComponent(page), encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "## The verdicts, case by case").dropFirst().first?
                .components(separatedBy: "\n## ").first, "\(page) has its verdict table")
        var verdicts: [String: Row] = [:]
        for line in section.split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { continue }
            let verdict = cells[2].split(separator: " ").first.map(String.init) ?? ""
            guard ["pass", "fail", "skip", "error"].contains(verdict) else { continue }
            verdicts[cells[0]] = (verdict, cells[1], cells[2].hasSuffix("*adapter*"))
        }
        return verdicts
    }
}
