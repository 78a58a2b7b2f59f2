import NDEF
import Rig

/// `restart-polling`: having reported several tags, the DUT polls again 500 ms later, as
/// Apple's sample app on CoreNFC does. The interval is measured on the RF side, from the tag
/// released when the field went off to the tag activated by the next poll
/// (`RFObservations.restartGap`), and must fall in the rig's window.
enum RestartPollingSuite: ConformanceSuite {
    static let name = "restart-polling"
    static let judgedUnder: Set<ReaderProfile> = [.coreNFC]
    static let notJudged =
        "polling again 500 ms after reporting several tags is what Apple's sample app does on "
        + "CoreNFC; NFC Forum Activity and ISO/IEC 14443-3 let a poller resolve the collision "
        + "and activate one tag instead"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "After a multi-tag detection the DUT switches its field off and polls again 500 ms "
            + "later. This is an app's behaviour, judged only under `corenfc`: Apple's sample "
            + "\"Building an NFC Tag-Reader App\" calls `restartPolling()` 500 ms after it "
            + "reports several tags; CoreNFC documents no delay, and what `restartPolling()` "
            + "does on the air is not documented either: the field off for the wait, then a "
            + "new poll, is nfcrig's reading of it. (A case that restarted polling after a "
            + "failed read was dropped: the sample ends its session on a failed read, and no "
            + "source has the rule.) The interval is measured "
            + "on the RF side, from the tag released when the field went off to the tag the next "
            + "poll activated, and must fall inside the rig's window (`tolerances:` "
            + "`restart_polling_ms`, default 500, and `restart_polling_tolerance_ms`, default "
            + "50). It includes the few milliseconds the DUT needs to poll and activate a tag; "
            + "the cases measure on a Type 4 tag, whose activation the emulator logs at once.",
        "Measurements: `restartInterval`; the scans here are not timed (`multi-tag` times "
            + "them).",
    ]

    static var cases: [ConformanceCase] {
        let first = Fixtures.encode([Fixtures.uri("https://example.com/first-tag")])
        let second = Fixtures.encode([Fixtures.text("the second tag")])
        let afterMultiTag =
            "Apple's sample app \"Building an NFC Tag-Reader App\" (an app's behaviour on "
            + "CoreNFC, not a CoreNFC guarantee): having reported more than one tag, it calls "
            + "NFCReaderSession.restartPolling() after asyncAfter(.now() + .milliseconds(500)); "
            + "the field off for that wait is nfcrig's inference, as Apple does not document "
            + "what restartPolling() does on the air (the rig's window: 500 ms ± 50 ms by "
            + "default)"
        return [
            multiTagCase(
                "RESTART-001", "polls again 500 ms after detecting two Type 4 tags",
                [Fixtures.type4(first), Fixtures.type4(second)], restarts: 1,
                rule: afterMultiTag),
            multiTagCase(
                "RESTART-002", "polls again 500 ms after detecting a Type 4 and a Type 2 tag",
                [Fixtures.type4(first), Fixtures.type2(second)], restarts: 1,
                rule: afterMultiTag),
            multiTagCase(
                "RESTART-004",
                "polls again 500 ms after each of three multi-tag detections in a row",
                [Fixtures.type4(first), Fixtures.type4(second)], restarts: 3,
                rule: afterMultiTag + ", each time, not only the first"),
        ]
    }

    /// Both tags in the field; the DUT reports several, and is asked `restarts` times to
    /// scan again: each next poll must come inside the window after the field went off.
    static func multiTagCase(
        _ id: String, _ title: String, _ setups: [TagSetup], restarts: Int, rule: String
    ) -> ConformanceCase {
        var polling = ConformanceCase.polling(id, suite: name, title, setups, rule: rule) {
            context throws(CaseSteps.Stop) in
            try await scan(context, expecting: MultiTagSuite.several)
            var outcomes: [RepetitionOutcome] = []
            for restart in 1...restarts {
                let resumedAt = context.now
                try await scan(context, expecting: MultiTagSuite.several)
                let gap = try await RFObservations.restartGap(context, resumedAt: resumedAt)
                let what = restarts == 1 ? "after the detection" : "restart \(restart)"
                outcomes.append(RFObservations.judge(gap, context, what: what))
            }
            return outcomes.first { $0.verdict != .pass } ?? .pass
        }
        let after = restarts == 1 ? "after the report" : "after each of its \(restarts) reports"
        polling.expectation =
            "reports both tags, and \(after) the field goes off and the next poll comes within "
            + "the rig's window of that (500 ms ± 50 ms by default)"
        return polling
    }

    /// Scans, untimed: `restartInterval` is this suite's figure (`multi-tag` times these
    /// scans).
    private static func scan(_ context: CaseContext, expecting counts: ClosedRange<Int>)
        async throws(CaseSteps.Stop)
    {
        _ = try await CaseSteps.scan(context, expecting: counts, metric: nil)
    }
}
