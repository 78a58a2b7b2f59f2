import ISODEP
import Rig

/// `isodep-errors` cases whose card leaves the field in the middle of a chained answer
/// (`ISODEPCardMisbehaviour.leavesFieldAfterChainingBlocks`): the message cannot be read, and
/// a reader must say so (a read error, the tag lost) rather than hand on the parts it got.
extension ISODEPErrorsSuite {
    /// A read of `content` from a tag whose card is `card` and leaves the field in the middle
    /// of the read; once the DUT answered the tag is taken out of the field for good, and the
    /// DUT must then read a good tag.
    static func departureCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8]
    ) -> ConformanceCase {
        let tag = tag(content, card)
        return ConformanceCase(id: id, suite: name, title: title, setup: "\(tag)") { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [tag])
                _ = try await CaseSteps.scan(context, expecting: 1)
                let judged = await abandonedRead(context, stored: content)
                // The card stopped answering where it left; now the tag itself goes, so
                // that no later poll finds it.
                await context.slots[0].remove()
                guard judged.verdict == .pass else { return judged }
                return try await readsGoodTag(context)
            }
        }
    }

    /// The DUT's read of a tag that left before its message was whole: an error from the
    /// reader passes, a hang or a crash fails, and so does any answer without an error.
    static func abandonedRead(_ context: CaseContext, stored: [UInt8]) async
        -> RepetitionOutcome
    {
        do {
            return judgeAbandonedRead(try await context.dut.read(), stored: stored)
        } catch .reader {
            return .pass
        } catch .timeout(let operation, let after) {
            return .fail(
                "the DUT hung on the tag that left: "
                    + "\(DUTError.timeout(operation: operation, after: after))")
        } catch {
            return CaseSteps.outcome(of: error, in: "read")
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
