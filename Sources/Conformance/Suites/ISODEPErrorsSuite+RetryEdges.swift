import HexText
import ISODEP
import Rig
import TagEmulation

/// `isodep-errors` cases on a reader's retry rules at the edges of the timing parameters: an
/// answer lost from a card of the longest frame waiting times (FWI 12, 13, 14), where nfcpy
/// 1.0.4 sends no R(NAK) at all (`n_retry_nak = min(int(1/fwt), 5)` is 0 once the FWT is a
/// second or more), and an answer lost after a granted S(WTX) of the smallest and largest
/// WTXM (1, 59), which nfcpy waits for outside its retry loop. ISO/IEC 14443-4 and NFC Forum
/// Digital both ask for R(NAK) after a timeout; Apple documents no ISO-DEP recovery for
/// CoreNFC (an iPhone's NFC controller runs it), so `corenfc` does not judge them.
extension ISODEPErrorsSuite {
    /// The profiles whose sources set a reader's recovery from a lost answer.
    static let recoveryProfiles: Set<ReaderProfile> = [.nfcForum, .iso14443]

    /// Why `corenfc` does not judge them.
    static let recoveryNotJudged =
        "Apple documents no ISO-DEP error recovery for CoreNFC (the phone's NFC controller "
        + "runs ISO-DEP), so the CoreNFC profile expects nothing of the reader's blocks here"

    /// The cases, in catalogue order after ISODEP-E-028.
    static func retryEdgeCases(_ message: [UInt8], _ long: [UInt8]) -> [ConformanceCase] {
        let lost =
            "iso14443: ISO/IEC 14443-4:2018 §7.6.5 (Block handling rules; rules 4 and 11 of "
            + "§7.5.4 in the 2008 edition): when an FWT time-out occurs, the PCD sends R(NAK), "
            + "and the card repeats its last block, whatever the FWI (0…14, §7.3 Frame waiting "
            + "time); nfc-forum: NFC Forum Digital 1.1's ISO-DEP error handling (§15.2.6 as "
            + "ST's RFAL numbers it; the requirement itself not checked; nRETRY,NAK 2…5 in "
            + "Digital 2.0 Table B.9 as RFAL quotes it, rfal_isoDep.h), for FWI 0…14"
        let afterGrant =
            "iso14443: ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension) and §7.6.5 "
            + "(Block handling rules; rule 4 of §7.5.4 in the 2008 edition): after granting "
            + "S(WTX) the PCD waits FWT × WTXM (1…59) for the answer, and when it does not come "
            + "sends R(NAK) as after any FWT time-out; nfc-forum: NFC Forum Digital 1.1's "
            + "ISO-DEP error handling (§15.2.6 as ST's RFAL numbers it; the requirement itself "
            + "not checked; nRETRY,NAK 2…5 in Digital 2.0 Table B.9 as RFAL quotes it, "
            + "rfal_isoDep.h)"
        func longWait(_ id: String, fwi: UInt8, _ fwt: String) -> ConformanceCase {
            readCase(
                id,
                "asks again with R(NAK) when a card of FWI \(fwi) (FWT about \(fwt)) stays "
                    + "silent once",
                card(.init(silentOnce: [1]), ats: ATS(fsci: 8, fwi: fwi)), message,
                .negativeAcknowledgement, rule: lost, profiles: recoveryProfiles,
                notJudged: recoveryNotJudged)
        }
        func afterWTX(_ id: String, _ multiplier: UInt8) -> ConformanceCase {
            readCase(
                id,
                "asks again with R(NAK) when the answer after a granted S(WTX) with WTXM "
                    + "\(multiplier) is lost",
                card(.init(wtxRequests: [multiplier], wtxOn: [1], silentOnce: [1])), message,
                .negativeAcknowledgementAfterGrant(multiplier), rule: afterGrant,
                profiles: recoveryProfiles, notJudged: recoveryNotJudged)
        }
        let partLost =
            "iso14443: ISO/IEC 14443-4:2018 §7.6.5 (Block handling rules; rules 5 and 11 of "
            + "§7.5.4 in the 2008 edition): in the card's chaining, when an FWT time-out occurs "
            + "the PCD sends R(ACK) again, and the card repeats its last block, whatever the "
            + "FWI; nfc-forum: NFC Forum Digital 1.1's ISO-DEP error handling (§15.2.6 as ST's "
            + "RFAL numbers it; the requirement itself not checked; nRETRY,ACK 2…5 in Digital "
            + "2.0 Table B.9 as RFAL quotes it, rfal_isoDep.h)"
        func partLostCase(_ id: String, fwi: UInt8, _ note: String) -> ConformanceCase {
            readCase(
                id,
                "asks again with R(ACK) when a part of the card's chained answer is lost "
                    + "once\(note)",
                card(
                    .init(answerPartLimit: answerPartLimit, silentOnceOnAcknowledgement: 1),
                    ats: ATS(fsci: 8, fwi: fwi)),
                long, .acknowledgesAgain, rule: partLost, profiles: recoveryProfiles,
                notJudged: recoveryNotJudged)
        }
        return [
            longWait("ISODEP-E-029", fwi: 12, "1.24 s"),
            longWait("ISODEP-E-030", fwi: 13, "2.47 s"),
            longWait("ISODEP-E-031", fwi: 14, "4.95 s"),
            afterWTX("ISODEP-E-032", 1),
            afterWTX("ISODEP-E-033", 59),
            partLostCase("ISODEP-E-034", fwi: 8, ""),
            partLostCase("ISODEP-E-035", fwi: 14, ", from a card of FWI 14 (FWT about 4.95 s)"),
        ]
    }

    /// Whether the reader granted the card's S(WTX) with `multiplier` and then, the answer
    /// not coming, sent R(NAK): the fail names the card's request and the reader's grant.
    static func judgeNegativeAcknowledgementAfterGrant(_ multiplier: UInt8, _ events: [TagEvent])
        -> RepetitionOutcome
    {
        guard
            let asked = events.firstIndex(where: {
                $0.kind == .waitingTimeExtension(multiplier: Int(multiplier))
            })
        else {
            return .fail(
                "the card's S(WTX) with WTXM \(multiplier) is not in its log: no APDU reached it")
        }
        guard
            let granted = events[asked...].firstIndex(where: {
                guard
                    case .readerBlock(.supervisory(.waitingTimeExtension(let wtxm, _), _)) =
                        $0.kind
                else { return false }
                return wtxm == multiplier
            })
        else {
            return .fail(
                "the card asked for more time with S(WTX) WTXM \(multiplier) at "
                    + "\(events[asked].at); the reader did not grant it"
            ).evidenced(at: events[asked].at)
        }
        let nak = events[granted...].contains {
            if case .readerBlock(.receiveReady(.nak, _, _)) = $0.kind { true } else { false }
        }
        guard nak else {
            return .fail(
                "the reader granted S(WTX) with WTXM \(multiplier) at \(events[granted].at); "
                    + "the answer after it did not come, and the reader sent no R(NAK) for it"
            ).evidenced(at: events[granted].at)
        }
        return .pass
    }

    /// Whether the reader, whose first R(ACK) for a part of a chained answer the card left
    /// unanswered on purpose, sent R(ACK) again with the same block number before anything
    /// else: the fail names that R(ACK) and what came after it.
    static func judgeAcknowledgementRepeated(_ events: [TagEvent]) -> RepetitionOutcome {
        guard
            let first = events.firstIndex(where: {
                if case .readerBlock(.receiveReady(.ack, _, _)) = $0.kind { true } else { false }
            }),
            case .readerBlock(.receiveReady(.ack, let number, _)) = events[first].kind
        else {
            return noAcknowledgement(
                events, so: "none could be withheld",
                notReached: "no part of a chained answer was withheld (an answer chained only "
                    + "when the reader's command asked for more than \(answerPartLimit) bytes)")
        }
        for event in events[(first + 1)...] {
            switch event.kind {
            case .readerBlock(.receiveReady(.ack, number, _)):
                return .pass
            case .readerBlock(let block):
                return .fail(
                    "the card left the part R(ACK \(number)) asked for at \(events[first].at) "
                        + "unanswered once; the reader's next block was \(block), not R(ACK "
                        + "\(number)) again"
                ).evidenced(at: event.at)
            case .received(let command):
                return .fail(
                    "the card left the part R(ACK \(number)) asked for at \(events[first].at) "
                        + "unanswered once; the reader went on with the command "
                        + "\(Hex.encode(command)) instead of R(ACK \(number)) again"
                ).evidenced(at: event.at)
            case .activated, .released, .deselected:
                break
            default:
                continue
            }
            break
        }
        return .fail(
            "the card left the part R(ACK \(number)) asked for at \(events[first].at) unanswered "
                + "once; the reader never sent R(ACK \(number)) again"
        ).evidenced(at: events[first].at)
    }
}
