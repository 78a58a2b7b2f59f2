import ISODEP
import Rig
import TagEmulation

/// `isodep-errors` cases that present one card per value an ATS field takes: every FSCI of
/// ISO/IEC 14443-4's 0…8 (frames of 16 to 256 bytes) and every FWI 0…14 (about 302 µs to
/// 4.9 s), one tag after the other in one case, so a reader that gets one value wrong fails
/// it with that value named.
extension ISODEPErrorsSuite {
    /// A 600-byte write (UPDATE BINARY commands of up to 260 bytes) to a card of each FSCI
    /// 0…8: every command longer than the card's frames is chained in parts that fit them.
    static func frameSizeSweepCase(_ id: String, rule: String) -> ConformanceCase {
        let message = Fixtures.message(ofLength: 600)
        let cards = (UInt8(0)...8).map { card(.none, ats: ATS(fsci: $0, fwi: 8)) }
        return ConformanceCase(
            id: id, suite: name,
            title: "chains its commands within the frame size of cards of every FSCI, 0 to 8",
            rule: rule + ", whatever the FSCI (0…8)",
            setup: "nine empty Type 4 tags, one after the other, whose ATS announce FSCI 0…8 "
                + "(FSC 16…256 bytes) and FWI 8",
            expectations: .everyProfile(
                "writes the message to each card in chained parts of at most FSC − 3 INF bytes; "
                    + "then it reads a good tag")
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                for card in cards {
                    let fsc = card.ats.fsc
                    try await CaseSteps.present(context, [tag([], card)])
                    _ = try await CaseSteps.scan(context, expecting: 1)
                    try await CaseSteps.write(context, message)
                    let held = try await RFObservations.tagHolds(context, message)
                    let judged =
                        held.verdict == .pass
                        ? judge(.chainsWithin(capacity: fsc - 3), await context.slots[0].events)
                        : held
                    guard judged.verdict == .pass else {
                        return judged.prefixed("the card of FSC \(fsc): ")
                    }
                }
                return try await readsGoodTag(context)
            }
        }
    }

    /// A read of `content` from a card of each FWI 0…14 that answers at once: whatever the
    /// waiting time, the reader must read on.
    static func waitingTimeSweepCase(_ id: String, _ content: [UInt8], rule: String)
        -> ConformanceCase
    {
        let cards = (UInt8(0)...14).map { card(.none, ats: ATS(fsci: 8, fwi: $0)) }
        return ConformanceCase(
            id: id, suite: name, title: "reads cards of every frame waiting time, FWI 0 to 14",
            rule: rule + ", whatever the FWI",
            setup: "fifteen Type 4 tags, one after the other, whose ATS announce FWI 0…14 "
                + "(FWT about 302 µs to 4.9 s) and FSCI 8, answering at once",
            expectations: .everyProfile(
                "reads the message of each card; then it reads a good tag")
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                for card in cards {
                    try await CaseSteps.present(context, [tag(content, card)])
                    do throws(CaseSteps.Stop) {
                        try await CaseSteps.readAlone(context, stored: content)
                    } catch {
                        return error.outcome.prefixed("the card of FWI \(card.ats.fwi): ")
                    }
                }
                return try await readsGoodTag(context)
            }
        }
    }
}
