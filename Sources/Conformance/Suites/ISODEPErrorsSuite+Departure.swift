import HexText
import ISODEP
import Rig
import TagEmulation
import TagFormat

/// `isodep-errors` cases whose card leaves the field after the first part of one of its
/// chained answers (`ISODEPCardMisbehaviour.leavesFieldInChainedAnswer`, the card chaining
/// every answer longer than `answerPartLimit`, so the departure comes whatever the reader's
/// READ BINARY asks for). Each profile judges what its sources say: ISO/IEC 14443-4 the
/// reader's blocks (R(ACK) again after the timeout, then the exchange ends), the NFC Forum
/// the same ISO-DEP error handling and that no part of the message passes for it, CoreNFC
/// the API's contract (a read error).
extension ISODEPErrorsSuite {
    /// A read of `content` from a tag whose card is `card` and leaves the field in its
    /// `answer`-th chained answer; once the DUT answered the tag is taken out of the field for
    /// good, and the DUT must then read a good tag.
    static func departureCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8],
        rule: String
    ) -> ConformanceCase {
        let answer = card.misbehaviour.leavesFieldInChainedAnswer ?? 1
        return CaseSteps.scannedCase(
            id, suite: name, title, tag(content, card), rule: rule,
            expectations: departureExpectations
        ) { context async throws(CaseSteps.Stop) in
            let judged = await abandonedRead(
                context, stored: content, departingIn: answer, under: context.profile)
            // The card stopped answering where it left; now the tag itself goes, so that no
            // later poll finds it.
            await context.slots[0].remove()
            guard judged.verdict == .pass else { return judged }
            return try await readsGoodTag(context)
        }
    }

    /// What the departure cases expect under each profile.
    static let departureExpectations = ProfileExpectations([
        .nfcForum: "after the card falls silent in its chained answer, asks for the next part "
            + "again with R(ACK), never R(NAK), and ends the exchange; reports no part of the "
            + "message as the message (a read error or no NDEF are both its choice); then it "
            + "reads a good tag",
        .iso14443: "after the card falls silent in its chained answer, asks for the next part "
            + "again with R(ACK), never R(NAK), and ends the exchange (what it reports to its "
            + "application is not ISO/IEC 14443's to say); then it reads a good tag",
        .coreNFC: "reports a read error (readNDEF completes with an NFCReaderError, never a "
            + "message, and never no NDEF for a tag whose NDEF file it found); then it reads "
            + "a good tag",
    ])

    /// The DUT's read of a tag whose card leaves after the first part of its
    /// `departingIn`-th chained answer, judged under `profile`. A card that never got there
    /// (the reader's commands asked for too little to be chained) is a skip; a reader that
    /// failed before, on a card that kept every rule, fails, naming the last chained answer
    /// it was given. A hang or a crash fails.
    static func abandonedRead(
        _ context: CaseContext, stored: [UInt8], departingIn answer: Int,
        under profile: ReaderProfile
    ) async -> RepetitionOutcome {
        let read = await CaseSteps.refusalRead(context, on: "the tag that left")
        if case .broke(let outcome) = read { return outcome }
        let events = await context.slots[0].events
        let chained: [ChainedAnswer]
        do throws(UndecodedRATS) {
            chained = try chainedAnswers(events, partLimit: answerPartLimit)
        } catch {
            return error.outcome
        }
        guard chained.count >= answer else {
            return judgeReadOfCardThatStayed(
                read, stored: stored, chained: chained, answer, lastExchange: lastExchange(events))
        }
        let departure = chained[answer - 1]
        switch profile {
        case .coreNFC:
            guard case .answered(let dutRead) = read else { return .pass }
            return judgeAbandonedRead(dutRead, stored: stored)
        case .nfcForum, .iso14443:
            let link = judgeRecovery(after: departure, events)
            guard link.verdict == .pass, profile == .nfcForum,
                case .answered(let dutRead) = read, let bytes = dutRead.ndef
            else { return link }
            guard bytes == stored else {
                return .fail(
                    "the DUT returned a message from a tag that left after the first part of "
                        + "\(departure.description): "
                        + ReadJudgement.difference(bytes, stored)
                ).evidenced(at: departure.at)
            }
            return .error("harness: the DUT read the whole message; the card never left the field")
        }
    }

    /// The reader's blocks after the card fell silent behind the first part of `departure`:
    /// R(ACK) for the next part (rule 2), R(ACK) again once the frame waiting time ran out
    /// (rule 5), and never R(NAK) (rule 4 leaves PICC chaining to rule 5). That the exchange
    /// then ends is shown by the DUT's answer coming at all.
    static func judgeRecovery(after departure: ChainedAnswer, _ events: [TagEvent])
        -> RepetitionOutcome
    {
        var acknowledgements = 0
        scan: for event in events[(departure.index + 1)...] {
            switch event.kind {
            case .activated:
                break scan
            case .readerBlock(.receiveReady(.ack, _, _)):
                acknowledgements += 1
            case .readerBlock(.receiveReady(.nak, let number, _)):
                return .fail(
                    "the card fell silent after the first part of \(departure.description); "
                        + "the reader sent R(NAK \(number)) where rule 5 asks for R(ACK)"
                ).evidenced(at: event.at)
            default:
                continue
            }
        }
        guard acknowledgements >= 2 else {
            return .fail(
                "the card fell silent after the first part of \(departure.description); the "
                    + "reader sent \(acknowledgements) R(ACK) after it, where one asks for the "
                    + "next part and, once the frame waiting time ran out, another asks again "
                    + "(rule 5)"
            ).evidenced(at: departure.at)
        }
        return .pass
    }

    /// A read of a card that never came to leave: it chained `chained.count` answers, fewer
    /// than the `answer` it leaves in.
    static func judgeReadOfCardThatStayed(
        _ read: CaseSteps.RefusalRead, stored: [UInt8], chained: [ChainedAnswer], _ answer: Int,
        lastExchange: (command: TagEvent, answer: [UInt8]?)? = nil
    ) -> RepetitionOutcome {
        let given =
            chained.last.map { "it chained \(chained.count), the last \($0.description)" }
            ?? "it chained none"
        switch read {
        case .answered(let dutRead) where dutRead.ndef == stored:
            return .skip(
                "condition not reached: the card leaves in its chained answer \(answer), and "
                    + "\(given) (it chains only answers longer than \(answerPartLimit) bytes): "
                    + "the reader read the whole message in smaller pieces")
        case .answered(let dutRead):
            return ReadJudgement.judge(dutRead, stored: stored, .message)
                .prefixed("before the card left (\(given)): ")
        case .refused:
            var last = ""
            if let (command, response) = lastExchange, case .received(let bytes) = command.kind {
                last =
                    "; the last command it got was \(Hex.encode(bytes)) at \(command.at)"
                    + (response.map { ", answered \(Hex.encode($0))" } ?? ", unanswered")
            }
            let failure = RepetitionOutcome.fail(
                "the DUT reported a read error while the card still kept every rule: it leaves "
                    + "in its chained answer \(answer), and \(given)\(last)")
            return failure.evidenced(at: chained.last?.at ?? lastExchange?.command.at)
        case .broke(let outcome):
            return outcome
        }
    }

    /// A read that came back without an error from a tag that left in the middle of its
    /// message: part of it, another message, or none as though the tag held none, is a
    /// wrong answer. The whole message cannot have come (the card leaves at the same point
    /// in every session): that is the harness's failure, not the DUT's.
    static func judgeAbandonedRead(_ read: DUTRead, stored: [UInt8]) -> RepetitionOutcome {
        guard let bytes = read.ndef else {
            return .fail(
                "the DUT reported status \(read.status.rawValue) and no message for a tag that "
                    + "left in the middle of its read; it should report a read error")
        }
        guard bytes == stored else {
            return .fail(
                "the DUT returned a message from a tag that left in the middle of its read: "
                    + ReadJudgement.difference(bytes, stored))
        }
        return .error("harness: the DUT read the whole message; the card never left the field")
    }

    /// The last command in `events` and the card's answer to it, if it gave one.
    static func lastExchange(_ events: [TagEvent]) -> (command: TagEvent, answer: [UInt8]?)? {
        guard
            let index = events.lastIndex(where: {
                if case .received = $0.kind { true } else { false }
            })
        else { return nil }
        let answer = events[(index + 1)...].lazy.compactMap { event -> [UInt8]? in
            if case .sent(let bytes) = event.kind { bytes } else { nil }
        }.first
        return (events[index], answer)
    }
}
