import NDEF
import Rig

/// `background-reading`: what iOS background tag reading would open for a tag (DESIGN §5):
/// the first URI record decides, dispatched when its scheme is one of the allowed kinds,
/// ignored for a custom scheme, nothing without a URI record. The DUT reads the tag and says
/// what it would open; the verdict compares that with `BackgroundReading.evaluate`.
enum BackgroundReadingSuite {
    static let name = "background-reading"

    static var cases: [ConformanceCase] {
        let dispatched: [(String, String, String)] = [
            ("BG-001", "an https web link", "https://example.com/welcome"),
            ("BG-002", "an http link", "http://example.org/menu"),
            ("BG-003", "a mailto address", "mailto:hello@example.com"),
            ("BG-004", "an sms number", "sms:+15551234567"),
            ("BG-005", "a tel number", "tel:+15551234567"),
            ("BG-006", "a facetime address", "facetime:hello@example.com"),
            ("BG-007", "a facetime-audio address", "facetime-audio:hello@example.com"),
            ("BG-008", "an Apple Maps link", "https://maps.apple.com/?q=Apple+Park"),
            ("BG-009", "an X-HM HomeKit setup code", "X-HM://0023ISYWY3IR7"),
        ]
        var cases = dispatched.map { id, what, url in
            dispatchCase(
                id, "opens \(what) from the first URI record", [Fixtures.uri(url)],
                dispatches: true)
        }
        cases += [
            dispatchCase(
                "BG-010", "opens nothing for a custom scheme (myapp://)",
                [Fixtures.uri("myapp://open?item=42")], dispatches: false),
            dispatchCase(
                "BG-011", "opens the first URI record when it comes second, after a JSON record",
                [Fixtures.json(Fixtures.favoriteJSON), Fixtures.uri("https://example.com/second")],
                dispatches: true),
            dispatchCase(
                "BG-012", "opens nothing for a tag without a URI record",
                [Fixtures.text("no link here"), Fixtures.json(Fixtures.favoriteJSON)],
                dispatches: false),
            dispatchCase(
                "BG-013", "opens the URI of a Smart Poster",
                [Fixtures.smartPoster("https://example.com/poster")], dispatches: true),
            dispatchCase(
                "BG-014", "opens the first URI record, not a later one, when the first is custom",
                [Fixtures.uri("myapp://first"), Fixtures.uri("https://example.com/later")],
                dispatches: false),
        ]
        return cases
    }

    /// A Type 4 tag holding `records`: the DUT reads it and reports what it would open, which
    /// must be what `BackgroundReading.evaluate` decides (`dispatches` states the rule the
    /// case is about, and guards the fixture).
    static func dispatchCase(
        _ id: String, _ title: String, _ records: [NDEFRecord], dispatches: Bool
    ) -> ConformanceCase {
        let content = Fixtures.encode(records)
        let setup = Fixtures.type4(content)
        return ConformanceCase(id: id, suite: name, title: title, setup: "\(setup)") { context in
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
