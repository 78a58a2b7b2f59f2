import Rig

/// A reader that does no work (`LazyReader`) and the cases it passes over the whole catalog:
/// none where a case needs the work it skips; the readers that skip one kind of work pass
/// the cases that need only the work they really do. `LazyReaderTests` runs the catalog
/// against each and checks these lists; `docs/suites.md` shows them.
public struct LazyReaderPasses: Sendable, Hashable, Encodable {
    /// The lazy reader (`LazyReader.Kind`'s raw value).
    public var reader: String
    /// What it does instead of the work.
    public var does: String
    /// The cases it passes, each for work the reader really did (its real scan, its real
    /// reads, its real writes): a pass for the work it skips would be a judgement resting on
    /// its word.
    public var passes: Set<String>
    /// The same, as the runs of IDs the table shows.
    public var passRuns: [String]

    /// A row; `passes` as IDs or runs of them (`NDEF-R-001…021`: NDEF-R-001 to NDEF-R-021).
    init(reader: LazyReader.Kind, does: String, passes: [String] = []) {
        self.reader = reader.rawValue
        self.does = does
        self.passes = Set(passes.flatMap(Self.expand))
        passRuns = passes
    }

    /// The IDs a run stands for: `T2T-L-022…024` for T2T-L-022, T2T-L-023 and T2T-L-024.
    public static func expand(_ run: String) -> [String] {
        let ends = run.split(separator: "…").map(String.init)
        guard ends.count == 2, let dash = ends[0].lastIndex(of: "-"),
            let first = Int(ends[0][ends[0].index(after: dash)...]), let last = Int(ends[1])
        else { return [run] }
        let prefix = ends[0][...dash]
        let width = ends[1].count
        return (first...last).map { number in
            let digits = String(number)
            return prefix + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}

extension ConformanceCatalog {
    /// Every lazy reader with the cases it passes.
    public static let lazyReaders: [LazyReaderPasses] = [
        LazyReaderPasses(
            reader: .refusesEverything,
            does: "refuses every request with the reader error tagResponseError"),
        LazyReaderPasses(
            reader: .unsupportedEverything,
            does: "answers `unsupported` to every request"),
        LazyReaderPasses(
            reader: .reportsNoTags,
            does: "finds no tag in any scan and refuses every other request"),
        LazyReaderPasses(
            reader: .emptyMessage,
            does: "scans for real and reports every tag writable and empty without reading it; "
                + "writes, sessions and restarts are real",
            passes: [
                "NDEF-W-006…012", "NDEF-W-017", "RESTART-001…002", "RESTART-004", "T2T-L-022…024",
                "T4T-L-025", "ISO7816-001…015", "LAT-009…018",
            ]),
        LazyReaderPasses(
            reader: .claimsWrites,
            does: "scans and reads for real and reports every write done without writing",
            passes: [
                "NDEF-R-001…021", "MULTI-001…005", "RESTART-001…002", "RESTART-004",
                "CHUNK-001…011",
                "BG-001…014", "ISODEP-E-001…010", "ISODEP-E-014…022", "ISODEP-E-025…026",
                "ISODEP-E-029…038",
                "ISODEP-E-028", "T2T-L-001…021", "T2T-L-025…026", "T4T-L-001…012", "T4T-L-015…024",
                "T4T-L-026…036",
                "ISO7816-001…015", "LAT-001…008", "LAT-015…018",
            ]),
        LazyReaderPasses(
            reader: .selectsFirstAID,
            does: "scans, reads and writes for real; reports the first AID of a tag reader "
                + "session selected without sending anything and answers every APDU 9000",
            passes: [
                "NDEF-R-001…021", "NDEF-W-001…017", "MULTI-001…005", "RESTART-001…002",
                "RESTART-004", "CHUNK-001…011", "BG-001…014", "ISODEP-E-001…038", "T2T-L-001…026",
                "T4T-L-001…036", "LAT-001…014",
            ]),
        LazyReaderPasses(
            reader: .replaysFirstRead,
            does: "scans and writes for real, reads the first tag it meets and reports that "
                + "message for every later read without reading",
            passes: [
                "NDEF-R-001", "NDEF-W-006…012", "NDEF-W-017", "RESTART-001…002", "RESTART-004",
                "T2T-L-022…024", "T4T-L-025", "ISO7816-001…015", "LAT-009…018",
            ]),
        LazyReaderPasses(
            reader: .namesOneTag,
            does: "scans for real but names the first tag it found once for each tag it counted; "
                + "reads and writes for real",
            passes: [
                "NDEF-R-001…021", "NDEF-W-001…017", "CHUNK-001…011", "BG-001…014",
                "ISODEP-E-001…038", "T2T-L-001…026", "T4T-L-001…036", "ISO7816-001…015",
                "LAT-001…018",
            ]),
    ]
}
