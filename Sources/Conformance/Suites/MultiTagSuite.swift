import NDEF
import Rig

/// `multi-tag`: with two tags in the field the DUT reports more than one and reads neither
/// (DESIGN §5), which the emulators confirm: no NDEF application SELECT and no READ reached
/// either tag. Once one tag leaves, the DUT finds the other alone and reads it right.
enum MultiTagSuite: ConformanceSuite {
    static let name = "multi-tag"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Two tags in the field, Type 4 and Type 2 in every pairing: the DUT's scan must report "
            + "more than one tag, naming each tag in the field by its UID exactly once (a count "
            + "alone, or one UID twice, never named the other tag), and neither tag may see the "
            + "start of an NDEF read (a SELECT of "
            + "the NDEF application on a Type 4 tag, a READ on a Type 2 tag) while both are "
            + "there. Then one tag leaves and the DUT must find the other alone and read it "
            + "right; in MULTI-005 the tag comes back, and both must be reported again and "
            + "neither read. The verdicts rest on what the emulators saw, so a DUT cannot pass "
            + "by what it says alone.",
        "Measurements: `multiTagScanTime` (the scan that finds both, including the restart of "
            + "polling a DUT makes before it answers), `timeToDetect` and `readTime.<size>` "
            + "(the tag left alone).",
    ]

    /// A tag count of more than one.
    static let several = 2...Int.max

    static var cases: [ConformanceCase] {
        let first = Fixtures.encode([Fixtures.uri("https://example.com/first-tag")])
        let second = Fixtures.encode([Fixtures.text("the second tag")])
        let neither =
            "DESIGN §5, after Apple's sample \"Building an NFC Tag-Reader App\" "
            + "(NFCNDEFReaderSession): with more than one tag in the field the reader reports "
            + "it and reads neither (\"More than 1 tag is detected. Please remove all tags and "
            + "try again.\"), then polls again"
        return [
            leaveCase(
                "MULTI-001",
                "reports two Type 4 tags, reads neither, and reads the one that stays",
                [Fixtures.type4(first), Fixtures.type4(second)], leaving: 1,
                rule: neither + "; the tag left alone is read as any single tag"),
            leaveCase(
                "MULTI-002",
                "reports two Type 2 tags, reads neither, and reads the one that stays",
                [Fixtures.type2(first), Fixtures.type2(second)], leaving: 1,
                rule: neither + "; the tag left alone is read as any single tag"),
            leaveCase(
                "MULTI-003",
                "reports a Type 4 and a Type 2 tag, reads neither, and reads the Type 4 tag "
                    + "once the Type 2 tag leaves",
                [Fixtures.type4(first), Fixtures.type2(second)], leaving: 1,
                rule: neither + ", whatever the tags' types; the tag left alone is read"),
            leaveCase(
                "MULTI-004",
                "reports a Type 4 and a Type 2 tag, reads neither, and reads the Type 2 tag "
                    + "once the Type 4 tag leaves",
                [Fixtures.type4(first), Fixtures.type2(second)], leaving: 0,
                rule: neither + ", whatever the tags' types; the tag left alone is read"),
            leaveCase(
                "MULTI-005",
                "reports two tags again when the tag that left comes back, and reads neither",
                [Fixtures.type4(first), Fixtures.type4(second)], leaving: 1, comesBack: true,
                rule: neither + ", every time two tags are in the field, not only the first"),
        ]
    }

    /// Both tags in the field: reported, neither read; then tag `leaving` leaves and the
    /// other is read; with `comesBack`, the tag that left comes back and both are reported
    /// again, neither read.
    static func leaveCase(
        _ id: String, _ title: String, _ setups: [TagSetup], leaving: Int,
        comesBack: Bool = false, rule: String
    ) -> ConformanceCase {
        .polling(id, suite: name, title, setups, rule: rule) { context throws(CaseSteps.Stop) in
            let both = try await bothReportedNeitherRead(context, since: .zero)
            guard both.verdict == .pass else { return both }
            await context.slots[leaving].remove()
            _ = try await CaseSteps.readAlone(context, stored: setups[1 - leaving].content)
            guard comesBack else { return .pass }
            let back = context.now
            await context.slots[leaving].putBack()
            return try await bothReportedNeitherRead(context, since: back)
        }
    }

    /// The DUT scans and reports more than one tag; no tag saw an NDEF read from `since` on.
    static func bothReportedNeitherRead(_ context: CaseContext, since: Duration)
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        // The scan's duration covers the detection and, for a DUT that restarts polling
        // before it answers (the reference reader), the restart delay.
        _ = try await CaseSteps.scan(context, expecting: several, metric: "multiTagScanTime")
        return await RFObservations.readsNeither(context, since: since)
    }
}
