import HexText
import NDEF
import Rig

/// `restart-polling`: after detecting several tags, and after a failed read, the DUT switches
/// its field off and polls again 500 ms later (DESIGN §5). The interval is measured on the RF
/// side, from the tag released when the field went off to the tag activated by the next poll
/// (`RFObservations.restartGap`), and must fall in the rig's window.
enum RestartPollingSuite: ConformanceSuite {
    static let name = "restart-polling"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "After a multi-tag detection, and after a read that fails on a malformed message, the "
            + "DUT switches its field off and polls again 500 ms later. The interval is measured "
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
            "DESIGN §5, after Apple's sample \"Building an NFC Tag-Reader App\": having "
            + "reported more than one tag, the reader calls NFCReaderSession.restartPolling() "
            + "500 ms later (the rig's window: 500 ms ± 50 ms by default)"
        return [
            multiTagCase(
                "RESTART-001", "polls again 500 ms after detecting two Type 4 tags",
                [Fixtures.type4(first), Fixtures.type4(second)], restarts: 1,
                rule: afterMultiTag),
            multiTagCase(
                "RESTART-002", "polls again 500 ms after detecting a Type 4 and a Type 2 tag",
                [Fixtures.type4(first), Fixtures.type2(second)], restarts: 1,
                rule: afterMultiTag),
            failedReadCase(
                "RESTART-003", "polls again 500 ms after a read fails on a malformed message",
                Fixtures.type4(Fixtures.overrunningRecord),
                rule: "DESIGN §5: a failed read restarts polling 500 ms later, as a multi-tag "
                    + "detection does (nfcrig's rule, after Apple's sample); the tag's URI record "
                    + "announces 48 payload bytes where 8 follow (NFC Forum NDEF 1.0 §3.2.9), so "
                    + "the read fails"),
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
        .polling(id, suite: name, title, setups, rule: rule) { context throws(CaseSteps.Stop) in
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
    }

    /// One tag whose message does not decode: the DUT's read fails, and it must poll again
    /// inside the window after its field went off.
    static func failedReadCase(_ id: String, _ title: String, _ setup: TagSetup, rule: String)
        -> ConformanceCase
    {
        .polling(id, suite: name, title, [setup], rule: rule) { context throws(CaseSteps.Stop) in
            try await scan(context, expecting: 1...1)
            try await failingRead(context, of: setup.content)
            let resumedAt = context.now
            try await scan(context, expecting: 1...1)
            let gap = try await RFObservations.restartGap(context, resumedAt: resumedAt)
            return RFObservations.judge(gap, context, what: "after the failed read")
        }
    }

    /// Scans, untimed: `restartInterval` is this suite's figure (`multi-tag` times these
    /// scans).
    private static func scan(_ context: CaseContext, expecting counts: ClosedRange<Int>)
        async throws(CaseSteps.Stop)
    {
        _ = try await CaseSteps.scan(context, expecting: counts, metric: nil)
    }

    /// Reads and expects the DUT to report an error (CoreNFC names it, e.g.
    /// `invalidMessage`); a read that succeeds fails the case.
    private static func failingRead(_ context: CaseContext, of content: [UInt8])
        async throws(CaseSteps.Stop)
    {
        let read: DUTRead
        do {
            read = try await context.dut.read()
        } catch .reader {
            return
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "read"))
        }
        throw CaseSteps.Stop(
            outcome: .fail(
                "expected the read to fail on the \(content.count) malformed bytes "
                    + "\(Hex.encode(content)), the DUT read \(read.ndef?.count ?? 0) bytes"))
    }
}
