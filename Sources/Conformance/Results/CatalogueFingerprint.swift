/// Which case catalogue a run was judged by: a fingerprint of every case's ID, suite, title
/// and rule, and how many cases there are. The gate compares only runs of the same
/// catalogue, since a case whose rule changed is not the same case.
public struct CatalogueFingerprint: Sendable, Hashable, Codable {
    /// `fnv1a64:` and 16 lowercase hex digits.
    public var fingerprint: String
    /// How many cases the catalogue holds.
    public var cases: Int

    /// Creates a fingerprint from its parts (a report read back).
    public init(fingerprint: String, cases: Int) {
        self.fingerprint = fingerprint
        self.cases = cases
    }

    /// The fingerprint of `cases`: FNV-1a 64 over the UTF-8 of each case's ID, suite, title
    /// and rule, fields ended by U+001F and cases by U+001E (neither appears in a
    /// catalogue's text, so no two catalogues join to the same bytes), in catalogue order.
    public init(of cases: [(id: String, suite: String, title: String, rule: String)]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        for item in cases {
            for field in [item.id, item.suite, item.title, item.rule] { mix(field + "\u{1F}") }
            mix("\u{1E}")
        }
        let hex = String(hash, radix: 16)
        self.init(
            fingerprint: "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex,
            cases: cases.count)
    }

    /// The fingerprint of nfcrig's own catalogue (`ConformanceCatalog.allCases`).
    public static var catalogue: CatalogueFingerprint {
        CatalogueFingerprint(
            of: ConformanceCatalog.allCases.map { ($0.id, $0.suite, $0.title, $0.rule) })
    }
}
