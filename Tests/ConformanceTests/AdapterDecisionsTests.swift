import Conformance
import Foundation
import Rig
import Testing

/// The table of the cases an adapter's behaviours decide names cases that exist, judged under
/// the profiles where the behaviour matters, and docs/testing-your-reader.md lists each.
@Suite struct AdapterDecisionsTests {
    static let catalogue = Set(ConformanceCatalog.allCases.map(\.id))

    @Test(arguments: AdapterBehaviour.allCases)
    func everyCaseABehaviourDecidesIsInTheCatalogue(_ behaviour: AdapterBehaviour) {
        let decided = AdapterDecisions.cases[behaviour] ?? []
        #expect(!decided.isEmpty, "\(behaviour) decides no case")
        let missing = decided.subtracting(Self.catalogue).sorted()
        #expect(missing.isEmpty, "\(behaviour) names cases the catalogue does not have: \(missing)")
    }

    @Test func theDocsListTheCasesOfEachBehaviour() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(
            contentsOf: root.appendingPathComponent("docs/testing-your-reader.md"), encoding: .utf8)
        for behaviour in AdapterBehaviour.allCases {
            let row = try #require(
                page.split(separator: "\n").first { $0.hasPrefix("| `\(behaviour.rawValue)` |") },
                "docs/testing-your-reader.md has a row for \(behaviour.rawValue)")
            let listed = Self.ids(in: row.split(separator: "|").last.map(String.init) ?? "")
            #expect(listed == AdapterDecisions.cases[behaviour], "\(row)")
        }
    }

    /// The IDs of a cell such as `NDEF-W-009…012, NDEF-W-017, ISO7816-004, 012`: a bare
    /// number takes the prefix of the ID before it.
    static func ids(in cell: String) -> Set<String> {
        var prefix = ""
        var ids: Set<String> = []
        for item in cell.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let full = item.first?.isNumber == true ? prefix + item : item
            if let dash = full.lastIndex(of: "-") { prefix = String(full[...dash]) }
            ids.formUnion(LazyReaderPasses.expand(full))
        }
        return ids
    }
}
