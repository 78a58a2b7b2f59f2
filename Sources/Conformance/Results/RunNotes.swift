import Rig

/// What a report states about a whole run beside its verdicts: whose behaviour a suite's
/// verdicts judge where that is not the DUT's own software.
public enum RunNotes {
    /// The notes for a run of `cases` on a DUT that introduced itself as `dut`.
    public static func notes(dut: DUTIdentity, cases: [CaseResult]) -> [String] {
        var notes: [String] = []
        let isoDEPJudged = cases.contains {
            $0.suite == ISODEPErrorsSuite.name && $0.verdict != .skip
        }
        if isoDEPJudged { notes.append(isoDEPNote(dut.isoDEP)) }
        if let adapter = adapterNote(cases) { notes.append(adapter) }
        return notes
    }

    /// Which verdicts the DUT's adapter decided, by the behaviours its hello declared.
    static func adapterNote(_ cases: [CaseResult]) -> String? {
        let decided = cases.filter { !$0.adapterDecides.isEmpty && $0.verdict != .skip }
        guard !decided.isEmpty else { return nil }
        return "the DUT's adapter declared behaviours of its own (\"adapter_adds\" in its "
            + "hello); these verdicts judge the adapter, not the reader stack: "
            + decided.map { result in
                "\(result.id) \(result.verdict.rawValue) ("
                    + result.adapterDecides.map(\.rawValue).joined(separator: ", ") + ")"
            }.joined(separator: ", ")
    }

    /// Whose ISO-DEP error handling the `isodep-errors` verdicts judge.
    static func isoDEPNote(_ handling: ISODEPHandling?) -> String {
        let suite = ISODEPErrorsSuite.name
        switch handling {
        case .chip:
            return "\(suite): the DUT's reader chip runs ISO-DEP (a PN533 in InDataExchange), "
                + "so the blocks are the chip firmware's, but the host decides how they go: "
                + "these verdicts judge the chip and the host's settings of it together. The "
                + "host sets how often the chip sends R(NAK) or R(ACK) again (MaxRtyCOM; libnfc "
                + "never sets it, so no R(NAK) at all), its own timeout per exchange, the size "
                + "of every READ BINARY, and what it does and reports once an exchange failed."
        case .host:
            return "\(suite): the DUT runs ISO-DEP in its own software (raw frames through "
                + "its chip): these verdicts are its own."
        case nil:
            return "\(suite): the DUT did not say whether its chip or its software runs "
                + "ISO-DEP (\"iso_dep\" in its hello), so these verdicts may be its chip's."
        }
    }
}
