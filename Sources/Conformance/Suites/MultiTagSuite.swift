import NDEF
import Rig

/// `multi-tag`: two tags in the field. Under `nfc-forum` a reader may resolve the collision
/// and read one tag, and then must report that tag's whole message as the tag served it;
/// under `corenfc` it reports both and, as Apple's sample app does, reads neither after the
/// report. Once one tag leaves, the DUT finds the other alone and reads it right.
enum MultiTagSuite: ConformanceSuite {
    static let name = "multi-tag"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "Two tags in the field, Type 4 and Type 2 in every pairing. Every tag the DUT's scan "
            + "names must be in the field, each once. What follows depends on the profile. "
            + "Under `nfc-forum` (NFC Forum Activity and ISO/IEC 14443-3 let a poller resolve "
            + "the collision and activate one tag) the DUT may name one tag or both; it is then "
            + "asked to read, and may refuse, but a message it reports must be the whole "
            + "message of one tag, served on the air by that tag after the request (never a "
            + "mix of the two, never a message no tag served). Under `corenfc` it must name "
            + "both, and must read neither after the report, as Apple's sample app does (\"More "
            + "than 1 tag is detected, please remove all tags and try again.\"): that restraint "
            + "is the app's, not CoreNFC's, and iOS's own NDEF detection before the report is "
            + "allowed. `iso14443` does not judge the suite: ISO/IEC 14443-3 resolves "
            + "collisions at the link and defines no NDEF reading.",
        "Then one tag leaves and the DUT must find the other alone and read it right; in "
            + "MULTI-005 the tag comes back and both are judged again.",
        "Measurements: `multiTagScanTime` (the scan with both tags, including the restart of "
            + "polling a DUT makes before it answers), `timeToDetect` and `readTime.<size>` "
            + "(the tag left alone).",
    ]

    /// A tag count of more than one.
    static let several = 2...Int.max

    /// How long, after a `corenfc` app reported several tags, the case watches for a read the
    /// app should not make.
    static let restraintWindow = Duration.milliseconds(200)

    /// What each profile expects with both tags in the field.
    static let expectations = ProfileExpectations(
        [
            .nfcForum: "names one tag or both; if it then reads, it reports the whole message of "
                + "one tag, served on the air by that tag (never a mix, never a message no tag "
                + "served); then reads the tag left alone",
            .coreNFC: "names both tags and, as Apple's sample app does, reads neither after the "
                + "report (the app's restraint; iOS's NDEF detection before it is allowed); "
                + "then reads the tag left alone",
        ],
        notJudged: "ISO/IEC 14443-3 resolves the collision at the link and defines no NDEF "
            + "reading, so it expects nothing of what a reader reads with two tags")

    static var cases: [ConformanceCase] {
        let first = Fixtures.encode([Fixtures.uri("https://example.com/first-tag")])
        let second = Fixtures.encode([Fixtures.text("the second tag")])
        let rule =
            "nfc-forum: NFC Forum Activity, technology detection and collision resolution "
            + "(clause numbers not checked), and ISO/IEC 14443-3, anticollision: a poller may "
            + "resolve the collision and activate one tag; what it then reads is that tag's. "
            + "corenfc: Apple's sample app \"Building an NFC Tag-Reader App\" (an app's "
            + "behaviour on NFCNDEFReaderSession, not a CoreNFC guarantee) reports several tags "
            + "and reads none"
        return [
            leaveCase(
                "MULTI-001",
                "with two Type 4 tags, reads neither or one whole, then the one "
                    + "that stays",
                [Fixtures.type4(first), Fixtures.type4(second)], leaving: 1,
                rule: rule + "; the tag left alone is read as any single tag"),
            leaveCase(
                "MULTI-002",
                "with two Type 2 tags, reads neither or one whole, then the one "
                    + "that stays",
                [Fixtures.type2(first), Fixtures.type2(second)], leaving: 1,
                rule: rule + "; the tag left alone is read as any single tag"),
            leaveCase(
                "MULTI-003",
                "with a Type 4 and a Type 2 tag, reads neither or one whole, then the Type 4 "
                    + "tag once the Type 2 tag leaves",
                [Fixtures.type4(first), Fixtures.type2(second)], leaving: 1,
                rule: rule + ", whatever the tags' types; the tag left alone is read"),
            leaveCase(
                "MULTI-004",
                "with a Type 4 and a Type 2 tag, reads neither or one whole, then the Type 2 "
                    + "tag once the Type 4 tag leaves",
                [Fixtures.type4(first), Fixtures.type2(second)], leaving: 0,
                rule: rule + ", whatever the tags' types; the tag left alone is read"),
            leaveCase(
                "MULTI-005",
                "judges two tags again when the tag that left comes back",
                [Fixtures.type4(first), Fixtures.type4(second)], leaving: 1, comesBack: true,
                rule: rule + ", every time two tags are in the field, not only the first"),
        ]
    }

    /// Both tags in the field, judged; then tag `leaving` leaves and the other is read; with
    /// `comesBack`, the tag that left comes back and both are judged again.
    static func leaveCase(
        _ id: String, _ title: String, _ setups: [TagSetup], leaving: Int,
        comesBack: Bool = false, rule: String
    ) -> ConformanceCase {
        .polling(id, suite: name, title, setups, rule: rule, expectations: expectations) {
            context throws(CaseSteps.Stop) in
            let both = try await bothInField(context, setups)
            guard both.verdict == .pass else { return both }
            await context.slots[leaving].remove()
            _ = try await CaseSteps.readAlone(context, stored: setups[1 - leaving].content)
            guard comesBack else { return .pass }
            await context.slots[leaving].putBack()
            return try await bothInField(context, setups)
        }
    }

    /// The scan with both tags in the field, and what the profile expects after it.
    static func bothInField(_ context: CaseContext, _ setups: [TagSetup])
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        // The scan's duration covers the detection and, for a DUT that restarts polling
        // before it answers (the reference reader), the restart delay.
        guard context.profile == .coreNFC else {
            _ = try await CaseSteps.scan(
                context, expecting: 1...Int.max, metric: "multiTagScanTime",
                namesEveryTag: false)
            return try await readsOneWhole(context, setups)
        }
        _ = try await CaseSteps.scan(context, expecting: several, metric: "multiTagScanTime")
        let reported = context.now
        await context.sleep(for: restraintWindow)
        return await RFObservations.readsNeither(context, since: reported)
    }

    /// Asked to read with both tags in the field, the DUT refuses, or reports the whole
    /// message of the one tag that served it on the air after the request.
    static func readsOneWhole(_ context: CaseContext, _ setups: [TagSetup])
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        let asked = context.now
        let read: DUTRead
        do {
            read = try await context.dut.read()
        } catch .reader {
            return .pass  // It reported the collision and read neither: allowed.
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "read"))
        }
        for (slot, setup) in zip(context.slots, setups) {
            guard ReadJudgement.judge(read, stored: setup.content, .message).verdict == .pass
            else { continue }
            return await RFObservations.messageReadOnAir(
                from: slot, since: asked,
                backing: "with two tags in the field the DUT reported \(slot.chip.id)'s message")
        }
        let against = ReadJudgement.judge(read, stored: setups[0].content, .message)
        return .fail(
            "with two tags in the field the DUT reported a message that is neither tag's whole "
                + "message (a mix of the two, or none): against \(context.slots[0].chip.id)'s, "
                + against.message)
    }
}
