import HexText
import ISODEP
import Rig
import TagEmulation

/// How an `isodep-errors` case's expectation is judged from what the card logged: the
/// reader's own blocks (its grants of S(WTX), R(NAK), R(ACK), the parts of its chained
/// commands, S(DESELECT)) and when its first command came after each activation.
extension ISODEPErrorsSuite {
    /// `expectation` against what the tag logged; `readFailed` when the reader's read of the
    /// tag failed, which some judgements take as evidence with the log.
    static func judge(
        _ expectation: Expectation, _ events: [TagEvent], readFailed: Bool = false
    ) -> RepetitionOutcome {
        let blocks = events.compactMap { event -> ISODEPBlock? in
            if case .readerBlock(let block) = event.kind { block } else { nil }
        }
        switch expectation {
        case .readsOn:
            return .pass
        case .readsOnAfterDeselect:
            let deselected = blocks.contains {
                if case .supervisory(.deselect, _) = $0 { true } else { false }
            }
            guard deselected else {
                return .skip(
                    "the reader never sent S(DESELECT), so the card's answer to it (the case's "
                        + "subject) never came into play")
            }
            return .pass
        case .givesUpAfterInvalidWTX(let multiplier):
            let refused = judge(.refusesWTX(multiplier), events)
            guard refused.verdict == .pass else { return refused }
            return goesOnAfterInvalidWTX(multiplier, events)
        case .refusesWTX(let multiplier):
            // Not granting a request the card never made proves nothing.
            let asked = TagEvent.Kind.waitingTimeExtension(multiplier: Int(multiplier))
            guard events.contains(where: { $0.kind == asked }) else {
                return .fail(
                    "the card never asked for more time: no APDU reached it, so its S(WTX) with "
                        + "WTXM \(multiplier) was never sent")
            }
            let granted = blocks.contains { block in
                guard case .supervisory(.waitingTimeExtension(let wtxm, _), _) = block else {
                    return false
                }
                return wtxm == multiplier
            }
            guard !granted else {
                return .fail("the reader granted S(WTX) with WTXM \(multiplier), out of range 1…59")
            }
            return .pass
        case .grants(let wanted):
            let granted = blocks.compactMap { block -> UInt8? in
                guard case .supervisory(.waitingTimeExtension(let wtxm, _), _) = block else {
                    return nil
                }
                return wtxm
            }
            guard granted.starts(with: wanted) else {
                // The message says what the card asked on the air, not what it was set to ask:
                // a reader that sent no APDU gave it no chance to.
                let asked = events.compactMap { event -> Int? in
                    guard case .waitingTimeExtension(multiplier: let wtxm) = event.kind else {
                        return nil
                    }
                    return wtxm
                }
                guard !asked.isEmpty else {
                    return .fail(
                        "the card never asked for more time: no APDU reached it, so it sent no "
                            + "S(WTX) to grant")
                }
                return .fail(
                    "the tag asked for more time with WTXM \(asked); the reader granted \(granted)")
            }
            return .pass
        case .negativeAcknowledgement:
            let naks = blocks.filter {
                if case .receiveReady(.nak, _, _) = $0 { true } else { false }
            }
            guard !naks.isEmpty else {
                return .fail("the reader never asked for the lost answer with R(NAK)")
            }
            return .pass
        case .acknowledgesAgain:
            return judgeAcknowledgementRepeated(events)
        case .negativeAcknowledgementAfterGrant(let multiplier):
            return judgeNegativeAcknowledgementAfterGrant(multiplier, events)
        case .grantsInChainedAnswer(let multiplier):
            return judgeGrantInChainedAnswer(multiplier, events)
        case .capsExtendedWaitingTime(let multiplier):
            return judgeCappedWaitAfterGrant(multiplier, events)
        case .waitsAnnouncedWaitingTime(let fwi):
            return judgeWaitForAnnouncedWaitingTime(fwi: fwi, events, readFailed: readFailed)
        case .acknowledgesChainedAnswer(let partLimit):
            return judgeChainedAnswers(events, partLimit: partLimit)
        case .chainsWithin(let capacity):
            let parts = blocks.compactMap { block -> Int? in
                if case .information(_, true, _, _, let inf) = block { inf.count } else { nil }
            }
            guard !parts.isEmpty else {
                return .fail(
                    "the reader sent no chained command to a card of \(capacity + 3)-byte frames")
            }
            guard let largest = parts.max(), largest <= capacity else {
                return .fail(
                    "the reader sent a chained part of \(parts.max() ?? 0) INF bytes; the card's frames hold \(capacity)"
                )
            }
            return .pass
        case .waitsGuardTime(let guardTime):
            // The guard time follows every ATS: each activation's first command is judged,
            // not only the first activation's (a reader that activates a tag once to count
            // it and again to read it must wait both times).
            var activatedAt: Duration?
            var judged = 0
            for event in events {
                switch event.kind {
                case .activated: activatedAt = event.at
                case .received:
                    guard let since = activatedAt else { continue }
                    activatedAt = nil
                    judged += 1
                    guard event.at - since >= guardTime else {
                        return RepetitionOutcome.fail(
                            "the reader's first command came \(event.at - since) after the "
                                + "RATS, within the start-up guard time \(guardTime)"
                        ).evidenced(at: event.at)
                    }
                default: continue
                }
            }
            return judged > 0 ? .pass : .fail("the tag logged no activation followed by a command")
        }
    }

    /// The commands whose answers the card withheld, lost or damaged on purpose: the APDUs
    /// numbered `apdus`, counted from 1 in each activation as the card counts them.
    static func withheldCommands(_ events: [TagEvent], _ apdus: Set<Int>) -> [TagEvent] {
        var count = 0
        var withheld: [TagEvent] = []
        for event in events {
            switch event.kind {
            case .activated: count = 0
            case .received:
                count += 1
                if apdus.contains(count) { withheld.append(event) }
            default: continue
            }
        }
        return withheld
    }

    /// `judged`, when it fails, naming the first command whose answer the card withheld
    /// (`apdus`) and when it came, the frame the missing R(NAK) was owed for.
    static func naming(_ apdus: Set<Int>, _ judged: RepetitionOutcome, _ events: [TagEvent])
        -> RepetitionOutcome
    {
        guard judged.verdict == .fail, judged.evidenceAt == nil,
            let first = withheldCommands(events, apdus).first,
            case .received(let command) = first.kind
        else { return judged }
        return RepetitionOutcome.fail(
            judged.message + ": the card withheld its answer to \(Hex.encode(command)) (at "
                + "\(first.at)) on purpose"
        ).evidenced(at: first.at)
    }
}
