import Rig

/// Which cases an adapter's own behaviour decides (`AdapterBehaviour`, declared in a
/// process DUT's `hello`): their verdicts judge the adapter, not the reader stack, and the
/// report marks them. Also which cases judge an app's habits under `corenfc`, not CoreNFC's:
/// a DUT that says it is CoreNFC alone (`behaves_as: framework`) is not judged by them.
public enum AdapterDecisions {
    /// The cases each behaviour decides (`AdapterDecisionsTests` checks that each is in the
    /// catalogue, so that a renamed case cannot drop out of the table unnoticed).
    public static let cases: [AdapterBehaviour: Set<String>] = [
        .restartDelay: ["RESTART-001", "RESTART-002", "RESTART-004"],
        .aidSelection: ["ISO7816-001", "ISO7816-002", "ISO7816-003", "ISO7816-004"],
        .multiTagRestraint: ["MULTI-001", "MULTI-002", "MULTI-003", "MULTI-004", "MULTI-005"],
        .errorNames: [
            "NDEF-W-009", "NDEF-W-010", "NDEF-W-011", "NDEF-W-012", "NDEF-W-017", "T4T-L-025",
            "CHUNK-007", "ISO7816-004", "ISO7816-012",
        ],
        .tagProperties: ["ISO7816-014", "ISO7816-015"],
        .ndefMapping: Set(
            ids("NDEF-R-", 1...21) + ids("NDEF-W-", 1...17) + ids("T2T-L-", 1...26)
                + ids("T4T-L-", 1...36)),
    ]

    /// `prefix` and each number of `numbers` in three digits: `NDEF-R-001` and on.
    private static func ids(_ prefix: String, _ numbers: ClosedRange<Int>) -> [String] {
        numbers.map { number in
            prefix + String(repeating: "0", count: max(0, 3 - String(number).count))
                + String(number)
        }
    }

    /// The behaviours among `declared` that decide case `id`, in declaration order.
    public static func behaviours(deciding id: String, declared: [AdapterBehaviour])
        -> [AdapterBehaviour]
    {
        declared.filter { cases[$0]?.contains(id) == true }
    }

    /// Why case `id` is not judged of `identity` under `profile`, when it judges an app's
    /// habit (the sample app's restart and restraint) and the DUT is CoreNFC alone.
    public static func notJudged(
        _ id: String, of identity: DUTIdentity, under profile: ReaderProfile
    )
        -> String?
    {
        guard profile == .coreNFC, identity.behavesAs == .framework else { return nil }
        let appHabits = (cases[.restartDelay] ?? []).union(cases[.multiTagRestraint] ?? [])
        guard appHabits.contains(id) else { return nil }
        return "the DUT says it is CoreNFC alone (behaves_as: framework); under corenfc this "
            + "case judges an app's habit (Apple's sample app's), not CoreNFC's"
    }
}
