import HexText
import Rig
import TagEmulation

/// The polling timeline of a case for the HTML report: what the emulators saw (activations,
/// the field going off) and what the DUT said (polls, multiple tags, restarts).
struct CaseTimeline {
    /// The case's start on the rig's clock: the first repetition's start.
    let origin: Duration
    /// Whether this repetition's events go on the timeline.
    let keeps: Bool

    /// A timeline for the repetition `context` runs, which starts now. `CaseContext` does not
    /// say when the case started, so only the first repetition, whose start is the case's,
    /// puts its events on the timeline (at their offset from the case's start).
    init(_ context: CaseContext) {
        origin = context.now
        keeps = context.repetition == 0
    }

    /// Notes the tags' activations and releases and the DUT's unasked events so far (which
    /// it takes from the DUT).
    func note(_ context: CaseContext) async {
        let dutEvents = await context.dut.takeEvents()
        guard keeps else { return }
        for entry in await context.tagEvents() {
            switch entry.event.kind {
            case .activated(let command):
                add(
                    context, entry.event.at, .rf, "activation",
                    "\(entry.slot) activated by \(Hex.encode(command))")
            case .released:
                add(context, entry.event.at, .rf, "fieldOff", "\(entry.slot) released")
            default:
                break
            }
        }
        for event in dutEvents {
            guard let kind = Self.dutKinds[event.name] else { continue }
            add(context, event.at, .dut, kind, event.detail)
        }
    }

    /// DUT event names (DESIGN §6) and their timeline kinds.
    private static let dutKinds = [
        "poll": "poll", "multiple_tags": "multipleTags", "restart_polling": "restartPolling",
    ]

    private func add(
        _ context: CaseContext, _ at: Duration, _ source: TimelineEvent.Source, _ kind: String,
        _ detail: String
    ) {
        context.recorder.note(
            TimelineEvent(at: at - origin, source: source, kind: kind, detail: detail))
    }
}

extension ConformanceCase {
    /// A case that presents `setups`, runs `steps`, and puts the polling it saw on the
    /// timeline.
    static func polling(
        _ id: String, suite: String, _ title: String, _ setups: [TagSetup], rule: String,
        expectations: ProfileExpectations? = nil,
        _ steps: @escaping @Sendable (CaseContext) async throws(CaseSteps.Stop) -> RepetitionOutcome
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, suite: suite, title: title, rule: rule,
            setup: setups.map { "\($0)" }.joined(separator: " + "), expectations: expectations
        ) { context in
            let timeline = CaseTimeline(context)
            let outcome = await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, setups)
                return try await steps(context)
            }
            await timeline.note(context)
            return outcome
        }
    }
}
