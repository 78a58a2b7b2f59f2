import HexText
import Rig
import TagEmulation

/// The session cases' steps: the DUT's session requests, tags brought in and out, and what the
/// air showed of them.
extension CoreNFCSessionSuite {
    /// CoreNFC's names for the ends and the refusal the cases expect.
    enum Ends {
        static let firstRead = "readerSessionInvalidationErrorFirstNDEFTagRead"
        static let timeout = "readerSessionInvalidationErrorSessionTimeout"
        static let canceled = "readerSessionInvalidationErrorUserCanceled"
        static let invalidated = "readerTransceiveErrorSessionInvalidated"
    }

    /// How long a tag in the field may wait to be read whole by a polling session.
    static let readWithin = Duration.seconds(5)
    /// How long the case watches for a poll that must not come.
    static let quietWindow = Duration.seconds(2)

    static func begin(_ context: CaseContext, invalidateAfterFirstRead: Bool)
        async throws(CaseSteps.Stop)
    {
        do {
            try await context.dut.beginNDEFSession(
                invalidateAfterFirstRead: invalidateAfterFirstRead)
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "begin_session"))
        }
    }

    static func report(_ context: CaseContext, waitingAtMost wait: Duration)
        async throws(CaseSteps.Stop) -> DUTSessionReport
    {
        do {
            return try await context.dut.ndefSession(waitingAtMost: wait)
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "session"))
        }
    }

    static func cancel(_ context: CaseContext) async throws(CaseSteps.Stop) {
        do {
            try await context.dut.cancelSession()
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "cancel"))
        }
    }

    /// Ends a session still running (the user's Cancel) and asks for its end once more, so
    /// that nothing polls into the next case (the reference reader stops a session's task
    /// when asked after its end was heard); whatever the DUT answers, the verdict stands.
    static func finish(_ context: CaseContext) async {
        guard let report = try? await context.dut.ndefSession(waitingAtMost: .zero),
            report.ended == nil
        else { return }
        try? await context.dut.cancelSession()
        _ = try? await context.dut.ndefSession(waitingAtMost: .seconds(5))
        _ = try? await context.dut.ndefSession(waitingAtMost: .zero)
    }

    /// Puts `setup` in the field on slot `index` while the session runs.
    static func bringIn(_ context: CaseContext, _ setup: TagSetup, slot index: Int)
        async throws(CaseSteps.Stop)
    {
        do {
            try await context.slots[index].present(setup)
        } catch {
            throw CaseSteps.Stop(outcome: .error("harness: \(error)"))
        }
    }

    /// Waits, at most `readWithin`, until the tag on slot `index` has served its whole
    /// message on the air since `since`; the case fails when it has not.
    static func servedWhole(
        _ context: CaseContext, slot index: Int, since: Duration, _ what: String
    ) async throws(CaseSteps.Stop) {
        let slot = context.slots[index]
        let deadline = context.now + readWithin
        while true {
            let onAir = await RFObservations.messageReadOnAir(
                from: slot, since: since, backing: what)
            if onAir.verdict == .pass { return }
            guard context.now < deadline else {
                throw CaseSteps.Stop(
                    outcome: onAir.prefixed(
                        "within \(Figures.milliseconds(readWithin)) of \(since.formatted) "
                            + "the session did not read \(slot.chip.id) whole: "))
            }
            await context.sleep(for: .milliseconds(100))
        }
    }

    /// When `slot`'s tag was first activated, or released, from `since` on.
    static func firstEvent(
        _ kind: (TagEvent.Kind) -> Bool, on slot: RigTagSlot, since: Duration
    ) async -> Duration? {
        await slot.events.first { $0.at >= since && kind($0.kind) }?.at
    }

    static func isActivation(_ kind: TagEvent.Kind) -> Bool {
        if case .activated = kind { return true }
        return false
    }

    /// The commands `slot`'s tag received from `since` on.
    static func commands(on slot: RigTagSlot, since: Duration) async -> [[UInt8]] {
        await slot.events.compactMap { event in
            guard event.at >= since, case .received(let bytes) = event.kind else { return nil }
            return bytes
        }
    }

    /// Brings `setup` in on slot `index` after the session ended (`ended`, for the message)
    /// and watches it for `quietWindow`: it must not be activated.
    static func notPolled(
        _ context: CaseContext, _ setup: TagSetup, slot index: Int, after ended: String
    ) async throws(CaseSteps.Stop) -> RepetitionOutcome {
        let slot = context.slots[index]
        let broughtIn = context.now
        try await bringIn(context, setup, slot: index)
        await context.sleep(for: quietWindow)
        guard let at = await firstEvent(isActivation, on: slot, since: broughtIn) else {
            return .pass
        }
        return .fail(
            "\(ended), but \(slot.chip.id), brought in at \(Figures.milliseconds(broughtIn)), "
                + "was activated at \(Figures.milliseconds(at)): the DUT still polled"
        ).evidenced(at: at)
    }

    /// The end `report` gives must be `expected` (CoreNFC's code `code`).
    static func expectEnd(
        _ report: DUTSessionReport, _ expected: String, _ code: Int, _ when: String
    ) -> RepetitionOutcome {
        guard let ended = report.ended else {
            return .fail(
                "\(when) the session still ran; expected it to end with \(expected) (\(code))")
        }
        guard ended == expected else {
            return .fail("\(when) the session ended with \(ended), expected \(expected) (\(code))")
        }
        return .pass
    }

    /// The messages `report` gives must be the messages of `tags`, in order.
    static func expectMessages(
        _ report: DUTSessionReport, _ tags: [(slot: RigTagSlot, setup: TagSetup)]
    ) -> RepetitionOutcome {
        let names = tags.map(\.slot.chip.id).joined(separator: ", then ")
        guard report.messages.count == tags.count else {
            return .fail(
                "the session reported \(report.messages.count) message(s), expected "
                    + (tags.isEmpty ? "none" : "\(tags.count): \(names)'s"))
        }
        for (index, (message, tag)) in zip(report.messages, tags).enumerated() {
            let read = DUTRead(
                status: .readWrite, capacity: 0, ndef: message.ndef, records: message.records)
            let judged = ReadJudgement.judge(read, stored: tag.setup.content, .message)
            guard judged.verdict == .pass else {
                return judged.prefixed("message \(index + 1) (\(tag.slot.chip.id)'s): ")
            }
        }
        return .pass
    }
}

extension Duration {
    /// `1234.5 ms`, for messages.
    fileprivate var formatted: String { Figures.milliseconds(self) }
}
