import HexText
import NDEF
import Rig
import TagEmulation
import TagFormat

/// What the emulators saw of the DUT's polling: NDEF reads it began and the gaps in which
/// its field was off.
extension RFObservations {
    /// A command one of the tags received, with the slot and when.
    struct Received {
        var slot: String
        var at: Duration
        var bytes: [UInt8]
    }

    /// The commands that begin reading a tag's NDEF message, from `since` on: a SELECT of the
    /// NDEF application (Type 4) or a READ (Type 2: `30 block`). Activation itself (RATS,
    /// DESELECT, HLTA) is not among them.
    static func ndefReads(_ context: CaseContext, since: Duration = .zero) async -> [Received] {
        await context.tagEvents().compactMap { entry in
            guard entry.event.at >= since, case .received(let bytes) = entry.event.kind,
                isNDEFRead(bytes)
            else { return nil }
            return Received(slot: entry.slot, at: entry.event.at, bytes: bytes)
        }
    }

    /// The DUT tried to read the tag's NDEF at all (from `since` on): a status or "no
    /// message" is evidence only when the DUT looked.
    static func ndefDetectionSeen(_ context: CaseContext, since: Duration = .zero) async
        -> RepetitionOutcome
    {
        guard await ndefReads(context, since: since).isEmpty else { return .pass }
        return .fail(
            "the DUT answered without looking: no SELECT of the NDEF application (Type 4) or "
                + "READ (Type 2) reached the tag")
    }

    /// No tag was read from `since` on (the DUT saw several tags and must read neither).
    static func readsNeither(_ context: CaseContext, since: Duration = .zero) async
        -> RepetitionOutcome
    {
        let reads = await ndefReads(context, since: since)
        guard let first = reads.first else { return .pass }
        let slots = Set(reads.map(\.slot)).sorted().joined(separator: " and ")
        return .fail(
            "expected neither tag read while several were in the field; \(slots) received "
                + "\(reads.count) NDEF read command(s), the first \(Hex.encode(first.bytes)) at "
                + Figures.milliseconds(first.at))
    }

    private static func isNDEFRead(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 2, bytes[0] == 0x30 { return true }
        guard let command = try? CommandAPDU(decoding: bytes) else { return false }
        return command.ins == Type4Tag.Instruction.select.rawValue
            && command.p1 == Type4Tag.selectByName
            && (command.data == Type4Tag.ndefApplicationAID
                || command.data == Type4Tag.ndefApplicationAIDVersion1)
    }

    /// One restart of polling as the emulators saw it.
    struct RestartGap {
        /// The tag that was released when the DUT's field went off, and when.
        var fieldOff: (slot: String, at: Duration)
        /// The tag the DUT's next poll activated, and when.
        var activation: (slot: String, at: Duration)

        /// From the field going off to the next activation.
        var interval: Duration { activation.at - fieldOff.at }

        var description: String {
            "\(fieldOff.slot) released at \(Figures.milliseconds(fieldOff.at)), "
                + "\(activation.slot) activated at \(Figures.milliseconds(activation.at))"
        }
    }

    /// The restart interval on the RF side for a poll the harness asked for at `resumedAt`.
    ///
    /// The next poll is the first activation of any tag at or after `resumedAt` (a Type 4
    /// tag's RATS: the reader powers and activates it as soon as it polls). The end of the
    /// previous session is the last `released` any tag logged before that activation: an
    /// emulator logs it when the link ends, and after a multi-tag detection or a failed read
    /// that is the DUT switching its field off (tags deselected while being counted log
    /// `deselected`, not `released`). So the interval is the time the field stayed off plus
    /// the few milliseconds the DUT needs to poll and activate a tag (≈ 6.5 ms for the
    /// reference reader on the simulated rig: one USB command, the 5 ms guard time, REQA,
    /// anticollision, RATS). Type 2 tags log an activation only on the first command after
    /// it, so the cases measure on a Type 4 tag.
    static func restartGap(_ context: CaseContext, resumedAt: Duration) async throws(CaseSteps.Stop)
        -> RestartGap
    {
        let events = await context.tagEvents()
        guard
            let activation = events.first(where: { entry in
                guard case .activated = entry.event.kind else { return false }
                return entry.event.at >= resumedAt
            })
        else {
            throw CaseSteps.Stop(
                outcome: .fail(
                    "no tag was activated after the DUT was asked to poll again at "
                        + Figures.milliseconds(resumedAt)))
        }
        guard
            let fieldOff = events.last(where: { entry in
                entry.event.kind == .released && entry.event.at < activation.event.at
            })
        else {
            throw CaseSteps.Stop(
                outcome: .fail(
                    "no tag was released before the activation at "
                        + "\(Figures.milliseconds(activation.event.at)): the DUT did not "
                        + "switch its field off before polling again"))
        }
        return RestartGap(
            fieldOff: (fieldOff.slot, fieldOff.event.at),
            activation: (activation.slot, activation.event.at))
    }

    /// Records the gap's interval as `restartInterval` and judges it against the rig's
    /// window.
    static func judge(_ gap: RestartGap, _ context: CaseContext, what: String)
        -> RepetitionOutcome
    {
        context.recorder.record("restartInterval", gap.interval)
        let window = context.tolerances.restartPollingWindow
        guard window.contains(gap.interval) else {
            return RepetitionOutcome.fail(
                "\(what): expected the DUT to poll again \(Figures.milliseconds(window)) after "
                    + "its field went off, it took \(Figures.milliseconds(gap.interval)) "
                    + "(rig clock: \(gap.description))"
            ).evidenced(at: gap.activation.at)
        }
        return .pass
    }
}
