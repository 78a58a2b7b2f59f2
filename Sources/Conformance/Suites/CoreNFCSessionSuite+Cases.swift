import HexText
import Rig
import TagEmulation

/// The bodies of the `corenfc-session` cases: tags moved while the DUT's session runs, and
/// the verdict from the air and the session's report.
extension CoreNFCSessionSuite {
    /// SESSION-001: tag A is read whole and reported, the session ends with 204, and tag B,
    /// brought in once A left, is never activated.
    static func endsAfterFirstRead(_ context: CaseContext, _ first: TagSetup, _ second: TagSetup)
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        let begun = context.now
        try await begin(context, invalidateAfterFirstRead: true)
        try await servedWhole(context, slot: 0, since: begun, "the session began")
        let report = try await report(context, waitingAtMost: quietWindow)
        let ended = expectEnd(
            report, Ends.firstRead, 204, "having read \(context.slots[0].chip.id) whole,")
        guard ended.verdict == .pass else { return ended }
        let messages = expectMessages(report, [(context.slots[0], first)])
        guard messages.verdict == .pass else { return messages }
        if let stayedOn = await fieldWentOff(
            context, since: begun, after: "once the session ended with 204,")
        {
            return stayedOn
        }
        await context.slots[0].remove()
        return try await notPolled(context, second, slot: 1, after: "the session ended with 204")
    }

    /// SESSION-002: with no tag the session ends with 201 between 60 and 70 s after it began,
    /// reports nothing, and a tag brought in after is never activated.
    static func timesOut(_ context: CaseContext, _ tag: TagSetup) async throws(CaseSteps.Stop)
        -> RepetitionOutcome
    {
        let begun = context.now
        try await begin(context, invalidateAfterFirstRead: false)
        let report = try await report(context, waitingAtMost: .seconds(70))
        let after = context.now - begun
        let ended = expectEnd(
            report, Ends.timeout, 201, "\(Figures.milliseconds(after)) after it began,")
        guard ended.verdict == .pass else { return ended }
        guard after >= .seconds(60) else {
            return .fail(
                "the session ended with 201 \(Figures.milliseconds(after)) after it began, "
                    + "before CoreNFC's 60-second limit")
        }
        let messages = expectMessages(report, [])
        guard messages.verdict == .pass else { return messages }
        return try await notPolled(context, tag, slot: 0, after: "the session ended with 201")
    }

    /// SESSION-003: tag A is read; the user cancels; the field goes off (A is released), tag
    /// B brought in once A left is never activated, and the session ended with 200.
    static func cancels(_ context: CaseContext, _ first: TagSetup, _ second: TagSetup)
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        let slot = context.slots[0]
        let begun = context.now
        try await begin(context, invalidateAfterFirstRead: false)
        try await servedWhole(context, slot: 0, since: begun, "the session began")
        let cancelled = context.now
        try await cancel(context)
        if let stayedOn = await fieldWentOff(
            context, since: cancelled,
            after: "after Cancel at \(Figures.milliseconds(cancelled)),")
        {
            return stayedOn
        }
        await slot.remove()
        let quiet = try await notPolled(context, second, slot: 1, after: "the user cancelled")
        guard quiet.verdict == .pass else { return quiet }
        let report = try await report(context, waitingAtMost: quietWindow)
        let ended = expectEnd(report, Ends.canceled, 200, "after Cancel")
        guard ended.verdict == .pass else { return ended }
        return expectMessages(report, [(slot, first)])
    }

    /// SESSION-004: the tag is scanned, the app invalidates the session, and a read fails
    /// with 103 without a frame reaching the tag.
    static func refusesAfterInvalidation(_ context: CaseContext, _ tag: TagSetup)
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        let slot = context.slots[0]
        _ = try await CaseSteps.scan(context, expecting: 1...1, metric: nil)
        do {
            try await context.dut.invalidateSession()
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "invalidate"))
        }
        let asked = context.now
        let refusal: (name: String, message: String)
        do {
            let read = try await context.dut.read()
            let sent = await commands(on: slot, since: asked)
            return .fail(
                "the read after invalidate() succeeded (status \(read.status.rawValue)), "
                    + "expected \(Ends.invalidated) (103); \(slot.chip.id) received "
                    + "\(sent.count) command(s) after it"
                    + (sent.isEmpty ? "" : ", the first \(Hex.encode(sent[0]))"))
        } catch .reader(let name, let message) {
            refusal = (name, message)
        } catch {
            throw CaseSteps.Stop(outcome: CaseSteps.outcome(of: error, in: "read"))
        }
        guard refusal.name == Ends.invalidated else {
            return .fail(
                "the read after invalidate() failed with \(refusal.name) (\(refusal.message)), "
                    + "expected \(Ends.invalidated) (103)")
        }
        let sent = await commands(on: slot, since: asked)
        guard sent.isEmpty else {
            return .fail(
                "the read after invalidate() failed with 103, but \(slot.chip.id) received "
                    + "\(sent.count) command(s) for it, the first \(Hex.encode(sent[0]))")
        }
        return .pass
    }

    /// SESSION-005: tag A is read; A leaves and B comes; the same session reads B whole by
    /// itself, goes on running, and has reported A's message, then B's.
    static func pollsOnByItself(_ context: CaseContext, _ first: TagSetup, _ second: TagSetup)
        async throws(CaseSteps.Stop) -> RepetitionOutcome
    {
        let begun = context.now
        try await begin(context, invalidateAfterFirstRead: false)
        try await servedWhole(context, slot: 0, since: begun, "the session began")
        await context.slots[0].remove()
        await context.sleep(for: .milliseconds(500))
        let broughtIn = context.now
        try await bringIn(context, second, slot: 1)
        try await servedWhole(
            context, slot: 1, since: broughtIn,
            "\(context.slots[0].chip.id) left and \(context.slots[1].chip.id) came")
        let report = try await report(context, waitingAtMost: .zero)
        if let ended = report.ended {
            return .fail(
                "having read both tags the session had ended with \(ended); it polls on until "
                    + "cancelled or timed out")
        }
        return expectMessages(report, [(context.slots[0], first), (context.slots[1], second)])
    }

    static func isReleased(_ kind: TagEvent.Kind) -> Bool { kind == .released }

    /// A failure when the tag on the first slot, read whole before, was not released (the
    /// DUT's field going off) within 500 ms of `since`; nil when it was.
    static func fieldWentOff(_ context: CaseContext, since: Duration, after what: String) async
        -> RepetitionOutcome?
    {
        let slot = context.slots[0]
        await context.sleep(for: .milliseconds(500))
        guard await firstEvent(isReleased, on: slot, since: since) == nil else { return nil }
        return .fail(
            "\(what) the field stayed on: \(slot.chip.id), read whole before, was not "
                + "released within 500 ms")
    }
}
