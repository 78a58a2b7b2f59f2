import NDEF
import Rig

/// `background-reading`: what iOS background tag reading would open for a tag (DESIGN §5):
/// the first URI record decides, dispatched when its scheme is one of the allowed kinds,
/// ignored for a custom scheme, nothing without a URI record. The DUT reads the tag and says
/// what it would open; the verdict compares that with `BackgroundReading.evaluate`.
enum BackgroundReadingSuite: ConformanceSuite {
    static let name = "background-reading"
    static let judgedUnder: Set<ReaderProfile> = [.coreNFC]
    static let notJudged =
        "background tag reading is iOS's: neither the NFC Forum nor ISO/IEC 14443 defines "
        + "handing a tag's records to an app"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "What iOS background tag reading would open for a Type 4 tag: the first URI record "
            + "decides; it opens when its scheme is one background reading dispatches (https, "
            + "http, mailto, sms, tel, facetime, facetime-audio, Apple Maps links, X-HM), and a "
            + "custom scheme or a tag without a URI record opens nothing. The DUT reads the tag "
            + "and says what it would open (`dispatch` in the process DUT protocol); the "
            + "verdict compares that with nfcrig's own model of the rule "
            + "(`BackgroundReading.evaluate`), and a DUT that does not offer it is skipped. "
            + "What a phone would open never shows on the air, so the case rests on a read the "
            + "air does show (every byte of the message served in one activation) and on the "
            + "DUT's answer about it.",
        "Measurements: `timeToDetect`, `readTime.<size>` and `dispatchTime` (the DUT's "
            + "answer to `dispatch`).",
    ]

    /// Apple's rule, which DESIGN §5 restates.
    static let firstURIRecord =
        "Apple's CoreNFC article \"Adding Support for Background Tag Reading\" "
        + "(developer.apple.com/documentation/corenfc/adding-support-for-background-tag-reading)"
        + ": the system takes the message's first URI record (TNF well-known, type \"U\") and "
        + "opens it when it holds a universal link or a supported URL scheme"

    static var cases: [ConformanceCase] {
        let dispatched: [(String, String, String, String)] = [
            ("BG-001", "an https web link", "https://example.com/welcome", "https"),
            ("BG-002", "an http link", "http://example.org/menu", "http"),
            ("BG-003", "a mailto address", "mailto:hello@example.com", "mailto"),
            ("BG-004", "an sms number", "sms:+15551234567", "sms"),
            ("BG-005", "a tel number", "tel:+15551234567", "tel"),
            ("BG-006", "a facetime address", "facetime:hello@example.com", "facetime"),
            (
                "BG-007", "a facetime-audio address", "facetime-audio:hello@example.com",
                "facetime-audio"
            ),
            (
                "BG-008", "an Apple Maps link", "https://maps.apple.com/?q=Apple+Park",
                "Apple Maps (maps.apple.com)"
            ),
            ("BG-009", "an X-HM HomeKit setup code", "X-HM://0023ISYWY3IR7", "X-HM"),
        ]
        var cases = dispatched.map { id, what, url, scheme in
            dispatchCase(
                id, "opens \(what) from the first URI record", [Fixtures.uri(url)],
                dispatches: true, rule: firstURIRecord + "; \(scheme) is one of them")
        }
        cases += [
            dispatchCase(
                "BG-010", "opens nothing for a custom scheme (myapp://)",
                [Fixtures.uri("myapp://open?item=42")], dispatches: false,
                rule: firstURIRecord + "; a custom scheme is not one of them (it is not in "
                    + "Apple's list of supported schemes)"),
            dispatchCase(
                "BG-011", "opens the first URI record when it comes second, after a JSON record",
                [Fixtures.json(Fixtures.favoriteJSON), Fixtures.uri("https://example.com/second")],
                dispatches: true,
                rule: firstURIRecord + "; the first URI record, not the first record"),
            dispatchCase(
                "BG-012", "opens nothing for a tag without a URI record",
                [Fixtures.text("no link here"), Fixtures.json(Fixtures.favoriteJSON)],
                dispatches: false, rule: firstURIRecord + "; a message without one opens nothing"),
            // Apple documents only the URI record; iOS shows a Smart Poster tag as it shows a
            // URI tag, so nfcrig lets the Smart Poster's URI stand in (BackgroundReading).
            dispatchCase(
                "BG-013", "opens the URI of a Smart Poster",
                [Fixtures.smartPoster("https://example.com/poster")], dispatches: true,
                rule: "nfcrig's rule, not Apple's: a top-level Smart Poster (NFC Forum Smart "
                    + "Poster RTD 1.0: an \"Sp\" record holding a URI record) stands for its URI "
                    + "record when no URI record comes before it; Apple's \"Adding Support for "
                    + "Background Tag Reading\" documents the URI record only"),
            dispatchCase(
                "BG-014", "opens the first URI record, not a later one, when the first is custom",
                [Fixtures.uri("myapp://first"), Fixtures.uri("https://example.com/later")],
                dispatches: false,
                rule: firstURIRecord + "; \"if the NDEF message contains more than one URI "
                    + "record, the system uses the first one\", even when a later one would open"),
        ]
        return cases
    }

    /// A Type 4 tag holding `records`: the DUT reads it and reports what it would open, which
    /// must be what `BackgroundReading.evaluate` decides (`dispatches` states the rule the
    /// case is about, and guards the fixture).
    static func dispatchCase(
        _ id: String, _ title: String, _ records: [NDEFRecord], dispatches: Bool, rule: String
    ) -> ConformanceCase {
        let content = Fixtures.encode(records)
        let setup = Fixtures.type4(content)
        let decision = BackgroundReading.evaluate(NDEFMessage(records: records))
        let opens =
            decision.dispatch
            ? "dispatch answers \"\(decision.url ?? "")\""
            : "dispatch answers null (it opens nothing)"
        return ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: "\(setup)",
            expectation: "reads the tag's message whole, served on the air, and \(opens)"
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                let expected = BackgroundReading.evaluate(NDEFMessage(records: records))
                guard expected.dispatch == dispatches else {
                    return .error(
                        "harness: the fixture's verdict is not what the case is about: "
                            + expected.reason)
                }
                try await CaseSteps.present(context, [setup])
                try await CaseSteps.readAlone(context, stored: content)
                return judge(try await dispatch(context), expected)
            }
        }
    }

    /// What the DUT would open; `unsupported` skips the case.
    private static func dispatch(_ context: CaseContext) async throws(CaseSteps.Stop) -> String? {
        do {
            return try await context.timed("dispatchTime") { () async throws(DUTError) in
                try await context.dut.backgroundDispatch()
            }
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "background dispatch"))
        }
    }

    private static func judge(_ opened: String?, _ expected: BackgroundReadingVerdict)
        -> RepetitionOutcome
    {
        let wanted = expected.dispatch ? expected.url : nil
        guard opened != wanted else { return .pass }
        let saw = opened.map { "it would open \"\($0)\"" } ?? "it would open nothing"
        guard let wanted else {
            return .fail("expected nothing opened (\(expected.reason)); \(saw)")
        }
        return .fail("expected \"\(wanted)\" opened (\(expected.reason)); \(saw)")
    }
}
