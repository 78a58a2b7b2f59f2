import HexText
import ISODEP
import Rig
import TagEmulation

/// `isodep-errors` cases on how a reader keeps a card's waiting time where nfcpy 1.0.4 does
/// not (the independent review of its source, issue 33): an S(WTX) between the parts of a
/// chained answer, which nfcpy's tt4.py:143-175 takes for a part (its PCB F2 has the
/// chaining bit too) and adds its WTXM to the data. Apple documents no ISO-DEP behaviour for
/// CoreNFC (the phone's NFC controller runs it), so `corenfc` judges none of them.
extension ISODEPErrorsSuite {
    /// The cases, in catalogue order after ISODEP-E-035.
    static func waitingTimeEdgeCases(_ long: [UInt8]) -> [ConformanceCase] {
        let inChain =
            "iso14443: ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension) and §7.6.5 "
            + "(Block handling rules; rule 3 of §7.5.4 in the 2008 edition, as NXP's NFC Reader "
            + "Library numbers it: S(WTX) is answered with S(WTX)): a card holding the token may "
            + "ask for more time, in answer to an R(ACK) in its chaining too, and the reader "
            + "grants it with the WTXM asked; the chaining then goes on (§7.6.3 Chaining) and "
            + "the S(WTX) is no part of the answer; nfc-forum: NFC Forum Digital 1.1 §15.2.2 "
            + "(ISO-DEP, S(WTX), as ST's RFAL cites it), the same; that Digital lets the card "
            + "ask inside its chaining was not checked against its text"
        return [
            readCase(
                "ISODEP-E-036",
                "grants an S(WTX) the card sends between the parts of a chained answer and "
                    + "reads the answer byte for byte",
                card(.init(answerPartLimit: answerPartLimit, wtxOnAcknowledgement: [1: 3])),
                long, .grantsInChainedAnswer(3), rule: inChain, profiles: recoveryProfiles,
                notJudged: recoveryNotJudged)
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
            if let chained = chainedAnswers(events, partLimit: answerPartLimit).first {
                return .fail(
                    "\(chained.description) was chained; the reader sent no R(ACK) for its "
                        + "parts, so the card's S(WTX) between them never came"
                ).evidenced(at: chained.at)
            }
            return .skip(
                "condition not reached: the reader sent no R(ACK), so the card's S(WTX) between "
                    + "the parts of a chained answer never came (an answer is chained only when "
                    + "the reader's command asks for more than \(answerPartLimit) bytes)")
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
