import ISODEP
import Rig
import TagEmulation
import TagFormat

/// `isodep-errors` cases whose card leaves the field in the middle of a chained answer
/// (`ISODEPCardMisbehaviour.leavesFieldAfterChainingBlocks`): the message cannot be read, and
/// a reader must say so (a read error, the tag lost) rather than hand on the parts it got.
extension ISODEPErrorsSuite {
    /// A read of `content` from a tag whose card is `card` and leaves the field in the middle
    /// of the read; once the DUT answered the tag is taken out of the field for good, and the
    /// DUT must then read a good tag.
    static func departureCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8],
        rule: String
    ) -> ConformanceCase {
        CaseSteps.scannedCase(
            id, suite: name, title, tag(content, card), rule: rule,
            expectations: .everyProfile(
                "reports a read error (the tag lost), never part of the message or no NDEF; "
                    + "then it reads a good tag")
        ) { context async throws(CaseSteps.Stop) in
            let judged = await abandonedRead(
                context, stored: content,
                partsBeforeLeaving: card.misbehaviour
                    .leavesFieldAfterChainingBlocks ?? 0)
            // The card stopped answering where it left; now the tag itself goes, so that no
            // later poll finds it.
            await context.slots[0].remove()
            guard judged.verdict == .pass else { return judged }
            return try await readsGoodTag(context)
        }
    }

    /// The DUT's read of a tag that left before its message was whole: an error from the
    /// reader passes once the card's log shows the reader got as far as the departure: a READ
    /// BINARY reached the card and the reader acknowledged each part of the chained answer
    /// before the last one the card sent (`partsBeforeLeaving` in all; the card ignores the
    /// reader after that one, so its R(ACK) may go unlogged). A reader that gave up earlier,
    /// or never read, never met the case's card. A hang or a crash fails, and so does any
    /// answer without an error.
    static func abandonedRead(
        _ context: CaseContext, stored: [UInt8], partsBeforeLeaving: Int
    ) async -> RepetitionOutcome {
        switch await CaseSteps.refusalRead(context, on: "the tag that left") {
        case .refused:
            let events = await context.slots[0].events
            let acknowledged = events.filter { (event: TagEvent) -> Bool in
                guard case .readerBlock(let block) = event.kind,
                    case .receiveReady(.ack, _, _) = block
                else { return false }
                return true
            }.count
            let readBinary = events.contains { event in
                guard case .received(let bytes) = event.kind, bytes.count > 1 else { return false }
                return bytes[1] == Type4Tag.Instruction.readBinary.rawValue
                    || bytes[1] == Type4Tag.Instruction.readBinaryODO.rawValue
            }
            guard readBinary, acknowledged >= partsBeforeLeaving - 1 else {
                return .fail(
                    "the DUT reported an error before the card left: it acknowledged "
                        + "\(acknowledged) part(s) of the chained answer, the card left after "
                        + "\(partsBeforeLeaving)")
            }
            return .pass
        case .broke(let outcome): return outcome
        case .answered(let read): return judgeAbandonedRead(read, stored: stored)
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
}
