import HexText
import ISODEP
import Rig
import TagEmulation

/// `isodep-errors` cases on how a reader keeps a card's waiting time where nfcpy 1.0.4 does
/// not (the independent review of its source, issue 33): an S(WTX) between the parts of a
/// chained answer, which nfcpy's tt4.py:143-175 takes for a part (its PCB F2 has the
/// chaining bit too) and adds its WTXM to the data; an ATS with TB(1) but no TA(1), whose FWI
/// nfcpy's tt4.py:517 reads from the byte after TB(1)'s place (`rats_res[3]`) whatever T0
/// says; and an S(WTX) whose FWT × WTXM exceeds FWTmax (FWI 14, WTXM 59: 292 s), which
/// nfcpy's tt4.py:123 waits out whole. Apple documents no ISO-DEP behaviour for CoreNFC (the
/// phone's NFC controller runs it), so `corenfc` judges none of them.
extension ISODEPErrorsSuite {
    /// Why `corenfc` does not judge them.
    static let isoDEPNotJudged =
        "Apple documents no ISO-DEP behaviour for CoreNFC (the phone's NFC controller runs "
        + "ISO-DEP: the ATS, the waiting times, S(WTX)), so the CoreNFC profile expects nothing "
        + "of the reader's blocks here"

    /// The ATS of ISODEP-E-037: T0 28 (TB(1) alone, FSCI 8), TB(1) B0 (FWI 11, SFGI 0) and
    /// one historical byte, 00, where a reader that takes TA(1) for granted reads FWI 0.
    static let atsWithoutTA = ATS(
        fsci: 8, ta: nil, tb: 0xB0, tc: nil, historicalBytes: [0x00])

    /// How long ISODEP-E-037's card takes for each answer: past the FWT of FWI 10 (about
    /// 309 ms) and within that of FWI 11 (about 619 ms).
    static let slowAnswer = Duration.milliseconds(400)

    /// What a bench may add to a reader's FWTmax + ΔFWT between its grant of S(WTX) and its
    /// R(NAK), as the card logs them (USB, the chip's own wait, the host's margin): far below
    /// the 292 s an uncapped wait takes.
    static let cappedWaitAllowance = Duration.seconds(1)

    /// The cases, in catalogue order after ISODEP-E-035.
    static func waitingTimeEdgeCases(_ message: [UInt8], _ long: [UInt8]) -> [ConformanceCase] {
        let inChain =
            "iso14443: ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension) and §7.6.5 "
            + "(Block handling rules; rule 3 of §7.5.4 in the 2008 edition, as NXP's NFC Reader "
            + "Library numbers it: S(WTX) is answered with S(WTX)): a card holding the token may "
            + "ask for more time, in answer to an R(ACK) in its chaining too, and the reader "
            + "grants it with the WTXM asked; the chaining then goes on (§7.6.3 Chaining) and "
            + "the S(WTX) is no part of the answer; nfc-forum: NFC Forum Digital 1.1 §15.2.2 "
            + "(ISO-DEP, S(WTX), as ST's RFAL cites it), the same; that Digital lets the card "
            + "ask inside its chaining was not checked against its text"
        let interfaceBytes =
            "iso14443: ISO/IEC 14443-4:2018 §5.3.3 (Format byte: T0's b5, b6 and b7 say whether "
            + "TA(1), TB(1) and TC(1) follow; §5.2.3 in the 2001 and 2008 editions) and §5.3.5 "
            + "(Interface byte TB(1): FWI in b8–b5, SFGI in b4–b1; §5.2.5 in 2001 and 2008): the "
            + "reader finds each interface byte by T0's presence bits, so without TA(1) TB(1) is "
            + "the byte after T0, and it times the card by FWT = 256 × 16/fc × 2^FWI (§7.3 Frame "
            + "waiting time); nfc-forum: NFC Forum Digital 1.1 §13.6.2 (ATS, as ST's RFAL cites "
            + "it), the same coding (its text not checked)"
        let capped =
            "iso14443: ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension; §7.3 in the 2001 "
            + "and 2008 editions): after granting S(WTX) the PCD waits FWTTEMP = FWT × WTXM, "
            + "taken as FWTmax (the FWT of FWI 14, about 4.95 s) when it is longer (the cap as a "
            + "vendor quotes the 2008 edition, Baltech's card emulation reference: 'the maximum "
            + "allowed value for FWT and for the extension FWT * WTXM is 4949 ms'; the clause's "
            + "own wording not checked against the text), then, no answer having come, sends "
            + "R(NAK) (§7.6.5 Block handling rules; rule 4 of §7.5.4 in 2008); nfc-forum: NFC "
            + "Forum Digital 1.1 §15.3.2.1 as NXP's NFC Reader Library cites it (the reader "
            + "waits at least FWTtemp + ΔFWT) and its ISO-DEP error handling (R(NAK) on a "
            + "time-out), whether Digital caps FWTtemp not checked against its text. Vendor "
            + "practice, not a standard: ST's RFAL (rfal_isoDep.c: fwtTemp = MIN("
            + "RFAL_ISODEP_MAX_FWT, fwt × WTXM) + dFwt) and NXP's NFC Reader Library "
            + "(phpalI14443p4_Sw.c, phpalI14443p4_Sw_IsoHandling: 'Limit timeout to FWT max', in "
            + "its ISO and NFC modes) cap the wait at FWTmax; the bench may add "
            + "\(cappedWaitAllowance) to it"
        return [
            readCase(
                "ISODEP-E-036",
                "grants an S(WTX) the card sends between the parts of a chained answer and "
                    + "reads the answer byte for byte",
                card(.init(answerPartLimit: answerPartLimit, wtxOnAcknowledgement: [1: 3])),
                long, .grantsInChainedAnswer(3), rule: inChain, profiles: recoveryProfiles,
                notJudged: isoDEPNotJudged),
            readCase(
                "ISODEP-E-037",
                "takes FWI 11 from TB(1) of an ATS without TA(1) (T0 28) and waits for a card "
                    + "answering after 400 ms",
                card(.none, ats: atsWithoutTA), message, .waitsAnnouncedWaitingTime(fwi: 11),
                rule: interfaceBytes, profiles: recoveryProfiles, notJudged: isoDEPNotJudged,
                responseDelay: slowAnswer),
            readCase(
                "ISODEP-E-038",
                "caps the wait after S(WTX) with WTXM 59 from a card of FWI 14 at FWTmax (about "
                    + "4.95 s, not 292 s) and asks again with R(NAK) when the answer is lost",
                card(
                    .init(wtxRequests: [59], wtxOn: [1], silentOnce: [1]),
                    ats: ATS(fsci: 8, fwi: 14)),
                message, .capsExtendedWaitingTime(59), rule: capped, profiles: recoveryProfiles,
                notJudged: isoDEPNotJudged),
        ]
    }

    /// Whether the reader granted the S(WTX) with `multiplier` that the card sent in answer
    /// to its R(ACK): its next block must be S(WTX) with that WTXM. The fail names the R(ACK)
    /// and what came instead; a reader whose answers were never chained sent no R(ACK), so
    /// the card never asked (skipped).
    static func judgeGrantInChainedAnswer(_ multiplier: UInt8, _ events: [TagEvent])
        -> RepetitionOutcome
    {
        guard
            let asked = events.firstIndex(where: {
                $0.kind == .waitingTimeExtension(multiplier: Int(multiplier))
            })
        else {
            return noAcknowledgement(
                events, so: "the card's S(WTX) between them never came",
                notReached: "the card's S(WTX) between the parts of a chained answer never came "
                    + "(an answer is chained only when the reader's command asks for more "
                    + "than \(answerPartLimit) bytes)")
        }
        let acknowledgement = events[..<asked].compactMap { event -> ISODEPBlock? in
            guard case .readerBlock(let block) = event.kind, case .receiveReady(.ack, _, _) = block
            else { return nil }
            return block
        }.last
        let after = acknowledgement.map { " in answer to the reader's \($0)" } ?? ""
        let request =
            "the card asked for more time with S(WTX) WTXM \(multiplier) at "
            + "\(events[asked].at)\(after), between the parts of a chained answer"
        for event in events[(asked + 1)...] {
            switch event.kind {
            case .readerBlock(.supervisory(.waitingTimeExtension(let wtxm, _), _)):
                guard wtxm == multiplier else {
                    return .fail("\(request); the reader granted WTXM \(wtxm) instead")
                        .evidenced(at: event.at)
                }
                return .pass
            case .readerBlock(let block):
                return .fail(
                    "\(request); the reader's next block was \(block), not its grant (a reader "
                        + "that tests only the chaining bit takes S(WTX) for a part of the answer)"
                ).evidenced(at: event.at)
            case .received(let command):
                return .fail(
                    "\(request); the reader went on with the command \(Hex.encode(command)) "
                        + "without granting it"
                ).evidenced(at: event.at)
            case .activated, .released, .deselected, .idle:
                return .fail("\(request); the reader never granted it: the activation ended")
                    .evidenced(at: event.at)
            default:
                continue
            }
        }
        return .fail("\(request); the reader never granted it").evidenced(at: events[asked].at)
    }
}

extension ISODEPErrorsSuite {
    /// Whether the reader, reading a card that loses no answer and answers each within the
    /// FWT of `fwi` its ATS announces, waited for every answer: an R(NAK) means it timed the
    /// card by a shorter FWT, and the fail names it, the command it followed and how long the
    /// card took for that command. A card busy with its answer may miss the R(NAK)s (nfcpy
    /// sends five within 80 ms); when the read failed before the card had its answer, that
    /// command is the evidence, and the fail names it.
    static func judgeWaitForAnnouncedWaitingTime(
        fwi: UInt8, _ events: [TagEvent], readFailed: Bool = false
    ) -> RepetitionOutcome {
        let fwt = ISODEPTiming.frameWaitingTime(fwi: fwi)
        var command: (bytes: [UInt8], at: Duration)?
        var answeredAfter: Duration?
        // The last command is still being answered (the card logs its answer when it has it).
        var pending = false
        for event in events {
            switch event.kind {
            case .activated:
                command = nil
                pending = false
            case .received(let bytes):
                command = (bytes, event.at)
                answeredAfter = nil
                pending = true
            case .sent:
                answeredAfter = command.map { event.at - $0.at }
                pending = false
            case .readerBlock(let block):
                guard case .receiveReady(.nak, _, _) = block else {
                    // The reader spoke after the answer: it did not give up on it.
                    answeredAfter = nil
                    pending = false
                    continue
                }
                let after = command.map { "its command \(Hex.encode($0.bytes)) (at \($0.at))" }
                let took = answeredAfter.map { ", which the card answered after \($0)" } ?? ""
                return .fail(
                    "the card loses no answer and answers within the FWT of FWI \(fwi) "
                        + "(\(fwt)) its ATS \(Hex.encode(atsWithoutTA.encode())) announces in "
                        + "TB(1); the reader sent \(block) for \(after ?? "its first block")"
                        + "\(took) (the card logged the R(NAK) at \(event.at), once its answer was "
                        + "out): it timed the card by a shorter FWT"
                ).evidenced(at: event.at)
            default: continue
            }
        }
        // An answer the card gave, followed by no more from the reader, proves nothing: a read
        // that ends normally ends so too. A command still pending when the read failed does.
        guard readFailed, pending, let (bytes, at) = command else { return .pass }
        return .fail(
            "the card answers within the FWT of FWI \(fwi) (\(fwt)) its ATS "
                + "\(Hex.encode(atsWithoutTA.encode())) announces in TB(1); the read failed "
                + "before it had answered the reader's command \(Hex.encode(bytes)) (at \(at)), "
                + "which it answers after \(slowAnswer): the reader gave up on it within that "
                + "FWT, having timed the card by a shorter one"
        ).evidenced(at: at)
    }
}

extension ISODEPErrorsSuite {
    /// Whether the reader, having granted the card's S(WTX) with `multiplier`, sent R(NAK) for
    /// the answer the card then withheld no later than FWTmax + ΔFWT after its grant (and the
    /// bench's allowance): the fail names the grant and what came, or did not, by then.
    static func judgeCappedWaitAfterGrant(_ multiplier: UInt8, _ events: [TagEvent])
        -> RepetitionOutcome
    {
        let granted = judgeNegativeAcknowledgementAfterGrant(multiplier, events)
        guard
            let grant = events.firstIndex(where: {
                guard
                    case .readerBlock(.supervisory(.waitingTimeExtension(let wtxm, _), _)) =
                        $0.kind
                else { return false }
                return wtxm == multiplier
            })
        else { return granted }
        let fwtMax = ISODEPTiming.maximumFrameWaitingTime
        let bound = fwtMax + ISODEPTiming.frameWaitingTolerance + cappedWaitAllowance
        let grantedAt = events[grant].at
        let request =
            "the reader granted S(WTX) with WTXM \(multiplier) at \(grantedAt) to a card of FWI "
            + "14 (FWT × WTXM \(ISODEPTiming.frameWaitingTime(fwi: 14) * Int(multiplier)), above "
            + "FWTmax \(fwtMax)), and the card withheld its answer"
        for event in events[(grant + 1)...] {
            switch event.kind {
            case .readerBlock(.receiveReady(.nak, _, _)):
                let waited = event.at - grantedAt
                guard waited <= bound else {
                    return .fail(
                        "\(request); the reader's R(NAK) came \(waited) after the grant, past "
                            + "FWTmax + ΔFWT (and \(cappedWaitAllowance) for the bench): it did "
                            + "not cap FWT × WTXM at FWTmax"
                    ).evidenced(at: event.at)
                }
                return .pass
            case .readerBlock, .received, .activated, .released, .deselected, .idle:
                guard event.at - grantedAt > bound else { return granted }
                return .fail(
                    "\(request); no R(NAK) came within FWTmax + ΔFWT (and "
                        + "\(cappedWaitAllowance) for the bench) after the grant: the card heard "
                        + "nothing from the reader until \(event.at) (\(event.kind))"
                ).evidenced(at: grantedAt)
            default:
                continue
            }
        }
        return granted.verdict == .pass
            ? granted
            : .fail(
                "\(request); no R(NAK) came within FWTmax + ΔFWT (and \(cappedWaitAllowance) for "
                    + "the bench) after the grant, nor afterwards"
            ).evidenced(at: grantedAt)
    }
}
