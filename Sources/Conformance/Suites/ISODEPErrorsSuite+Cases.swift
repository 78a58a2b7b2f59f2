import ISODEP
import Rig
import TagEmulation
import TagFormat

/// The `isodep-errors` suite's cases in catalogue order, with the rules they cite; the
/// builders (`readCase`, `writeCase`, `invalidWTXCase`, `departureCase`) and the judgements
/// are in the suite's other files.
extension ISODEPErrorsSuite {
    static var cases: [ConformanceCase] {
        let message = Fixtures.encode([Fixtures.uri("https://example.com/isodep")])
        let long = Fixtures.message(ofLength: 1000)
        let wtx =
            "ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension) and NFC Forum Digital 1.1 "
            + "§15.2.2 (ISO-DEP, S(WTX); §13.2.2 in Digital 1.0, numbers as ST's RFAL cites "
            + "them): the reader grants a card's S(WTX) request with the WTXM asked (1…59) and "
            + "waits for the answer"
        let recovery =
            "ISO/IEC 14443-4:2018 §7.6.5 (Block handling rules; rules 4 and 11 of §7.5.4 in the "
            + "2008 edition): when no answer comes within the frame waiting time the reader "
            + "sends R(NAK), and the card repeats its last block"
        let deselect =
            "ISO/IEC 14443-4:2018 §8 (Protocol deactivation of PICC Type A and Type B): the "
            + "reader ends the card's session with S(DESELECT), and may send it again when no "
            + "good answer comes (rule 8 of §7.5.4 in the 2008 edition); that a card answering "
            + "it badly must not keep the reader from reading on is nfcrig's rule: one card's "
            + "fault must not spoil the next read"
        let guardTime =
            "ISO/IEC 14443-4:2018 §5.3.5 (Interface byte TB(1); §5.2.5 in the 2008 edition): "
            + "after the ATS the reader waits the start-up frame guard time the card's SFGI "
            + "announces before its first block"
        let waitingTime =
            "ISO/IEC 14443-4:2018 §5.3.5 (Interface byte TB(1)) and §7.3 (Frame waiting time): "
            + "the card announces its frame waiting time, FWT = 256 × 16/fc × 2^FWI (FWI 0…14), "
            + "and a reader reads a card answering within it"
        func guardTimeCase(_ id: String, sfgi: UInt8, _ note: String) -> ConformanceCase {
            readCase(
                id,
                "waits the start-up frame guard time of SFGI \(sfgi)\(note) before its first "
                    + "block",
                card(.none, ats: ATS(fsci: 8, fwi: 8, sfgi: sfgi)), message,
                .waitsGuardTime(ISODEPTiming.startUpFrameGuardTime(sfgi: sfgi)), rule: guardTime)
        }
        let frameSize =
            "ISO/IEC 14443-4:2018 §5.3.3 (Format byte: FSCI, the card's frame size FSC) and "
            + "§7.6.3 (Chaining): a command longer than the card's frames goes in chained "
            + "I-blocks of at most FSC − 3 INF bytes"
        let damaged =
            "ISO/IEC 14443-4:2018 §7.6.5 (Block handling rules; rule 4 of §7.5.4 in the 2008 "
            + "edition: an invalid block, like a timeout, is answered with R(NAK)) and §7.6.7 "
            + "(Error detection and recovery): a transmission error (a wrong CRC_A) is treated "
            + "as a timeout, with R(NAK); NFC Forum Digital 1.1's ISO-DEP error handling "
            + "(§15.2.6 as ST's RFAL numbers it; the requirement itself not checked) likewise"
        let departure =
            "iso14443: ISO/IEC 14443-4:2018 §7.6.5 (Block handling rules; rules 2, 4 and 5 of "
            + "§7.5.4 in the 2008 edition) and §7.6.7 (Error detection and recovery): in the "
            + "card's chaining the PCD answers a timeout with R(ACK), not R(NAK), and an error it "
            + "cannot recover from ends the exchange; nfc-forum: NFC Forum Digital 1.1's ISO-DEP "
            + "error handling (§15.2.6 as ST's RFAL numbers it; the requirement itself not "
            + "checked; nRETRY,ACK 2…5 in Digital 2.0 Table B.9 as RFAL quotes it, "
            + "rfal_isoDep.h) and NFC Forum Type 4 Tag's NDEF read (the message "
            + "is the NLEN bytes, so part of it is no message); corenfc: Apple's CoreNFC, "
            + "NFCNDEFTag.readNDEF(completionHandler:) ends a failed read with an NFCReaderError "
            + "(NFCError.h: 100, readerTransceiveErrorTagConnectionLost, for a lost tag), "
            + "not with a message or 'no NDEF'"
        let outOfRange =
            "ISO/IEC 14443-4:2018 §7.4 (Frame waiting time extension): WTXM 0 and 60–63 are "
            + "RFU; NFC Forum Digital 1.1 §15.2.2 (ISO-DEP, S(WTX); §13.2.2 in Digital 1.0, "
            + "numbers as ST's RFAL cites them): a WTXM out of 1…59 is a protocol error, as ST's "
            + "RFAL (rfal_isoDep.c) and Nordic's sdk-nrf (subsys/nfc/t4t/isodep.c) treat it"
        return [
            readCase(
                "ISODEP-E-001", "grants one S(WTX) and reads on",
                card(.init(wtxRequests: [1], wtxOn: [1])), message, .grants([1]), rule: wtx),
            readCase(
                "ISODEP-E-002", "grants five S(WTX) in a row before one answer",
                card(.init(wtxRequests: [1, 1, 1, 1, 1], wtxOn: [1])), message,
                .grants([1, 1, 1, 1, 1]), rule: wtx),
            readCase(
                "ISODEP-E-003", "grants S(WTX) with the largest WTXM, 59",
                card(.init(wtxRequests: [59], wtxOn: [1])), message, .grants([59]), rule: wtx),
            readCase(
                "ISODEP-E-004", "grants S(WTX) before every APDU of a read",
                card(.init(wtxRequests: [2])), message, .grants([2, 2, 2, 2, 2, 2]), rule: wtx),
            readCase(
                "ISODEP-E-005", "asks again with R(NAK) when the card stays silent once",
                card(.init(silentOnce: [1])), message, .negativeAcknowledgement, rule: recovery,
                profiles: recoveryProfiles, notJudged: recoveryNotJudged),
            readCase(
                "ISODEP-E-006", "asks again with R(NAK) for an answer lost in the middle of a read",
                card(.init(silentOnce: [4])), message, .negativeAcknowledgement, rule: recovery,
                profiles: recoveryProfiles, notJudged: recoveryNotJudged),
            readCase(
                "ISODEP-E-007", "ignores an answer after the frame waiting time and asks again",
                card(.init(answerAfterWaitingTime: [1])), message, .negativeAcknowledgement,
                rule: recovery + "; an answer after the frame waiting time is no answer",
                profiles: recoveryProfiles, notJudged: recoveryNotJudged),
            readCase(
                "ISODEP-E-008", "reads on when a card never answers S(DESELECT)",
                card(.init(deselect: .ignore)), message, .readsOnAfterDeselect, rule: deselect),
            readCase(
                "ISODEP-E-009", "reads on when a card answers S(DESELECT) late",
                card(.init(deselect: .delay(.milliseconds(20)))), message, .readsOnAfterDeselect,
                rule: deselect),
            readCase(
                "ISODEP-E-010", "acknowledges each part of a chained answer with R(ACK)",
                card(.init(answerPartLimit: answerPartLimit)), long,
                .acknowledgesChainedAnswer(partLimit: answerPartLimit),
                rule: "ISO/IEC 14443-4:2018 §7.6.5 (Block handling rules; rule 2 of §7.5.4 in "
                    + "the 2008 edition): when an I-block indicating chaining is received, the "
                    + "PCD acknowledges it with R(ACK); §7.6.3 (Chaining): a chained part may be "
                    + "any size up to FSD"),
            writeCase(
                "ISODEP-E-011", "chains a command to a card of FSC 16 in parts of at most 13 bytes",
                card(.none, ats: ATS(fsci: 0, fwi: 8)), .chainsWithin(capacity: 13),
                rule: frameSize),
            writeCase(
                "ISODEP-E-012", "chains a command to a card of FSC 32 in parts of at most 29 bytes",
                card(.none, ats: ATS(fsci: 2, fwi: 8)), .chainsWithin(capacity: 29),
                rule: frameSize),
            writeCase(
                "ISODEP-E-013", "takes FSC 32 for an ATS without interface bytes and chains by it",
                card(.none, ats: ATS(fsci: nil, ta: nil, tb: nil, tc: nil, historicalBytes: [])),
                .chainsWithin(capacity: 29),
                rule: "ISO/IEC 14443-4:2018 §5.3.3 (Format byte; §5.2.3 in the 2008 edition): "
                    + "an ATS without its format byte T0 (the ATS `01`, TL alone) means FSCI 2 "
                    + "(FSC 32) by default, and the reader chains by it"),
            guardTimeCase("ISODEP-E-014", sfgi: 6, ""),
            readCase(
                "ISODEP-E-015", "reads a card of FWI 14, the longest frame waiting time",
                card(.none, ats: ATS(fsci: 8, fwi: 14)), message, .readsOn, rule: waitingTime),
            invalidWTXCase(
                "ISODEP-E-017", "does not grant S(WTX) with WTXM 0, out of range",
                card(.init(wtxRequests: [0], wtxOn: [1])), message, 0, rule: outOfRange),
            invalidWTXCase(
                "ISODEP-E-018", "does not grant S(WTX) with WTXM 60, out of range",
                card(.init(wtxRequests: [60], wtxOn: [1])), message, 60, rule: outOfRange),
            readCase(
                "ISODEP-E-016", "reads a card of FWI 4 whose answers come at once",
                card(.none, ats: ATS(fsci: 8, fwi: 4)), message, .readsOn, rule: waitingTime),
            readCase(
                "ISODEP-E-019",
                "asks again with R(NAK) when the first answer arrives with a wrong CRC",
                card(.init(wrongCRCOnce: [1])), message, .negativeAcknowledgement, rule: damaged,
                profiles: recoveryProfiles, notJudged: recoveryNotJudged),
            readCase(
                "ISODEP-E-020",
                "asks again with R(NAK) for an answer with a wrong CRC in the middle of a read",
                card(.init(wrongCRCOnce: [4])), message, .negativeAcknowledgement, rule: damaged,
                profiles: recoveryProfiles, notJudged: recoveryNotJudged),
            departureCase(
                "ISODEP-E-021",
                "recovers by the rules, and reports no message, when the card leaves after the "
                    + "first part of a chained answer",
                card(
                    .init(
                        leavesFieldInChainedAnswer: 1, answerPartLimit: answerPartLimit)),
                long, rule: departure),
            departureCase(
                "ISODEP-E-022",
                "recovers by the rules, and reports no message, when the card leaves in the "
                    + "middle of a read's third chained answer",
                card(
                    .init(
                        leavesFieldInChainedAnswer: 3, answerPartLimit: answerPartLimit)),
                long, rule: departure),
            writeCase(
                "ISODEP-E-023", "chains a command to a card of FSC 64 in parts of at most 61 bytes",
                card(.none, ats: ATS(fsci: 5, fwi: 8)), .chainsWithin(capacity: 61),
                rule: frameSize),
            writeCase(
                "ISODEP-E-024",
                "chains a 260-byte UPDATE BINARY to a card of FSC 256 in parts of at most 253 "
                    + "bytes",
                card(.none, ats: ATS(fsci: 8, fwi: 8)), .chainsWithin(capacity: 253),
                messageLength: 600, rule: frameSize),
            guardTimeCase("ISODEP-E-025", sfgi: 10, " (about 309 ms)"),
            readCase(
                "ISODEP-E-026",
                "reads a card of FWI 0, the shortest frame waiting time (about 302 µs plus the "
                    + "reader's ΔFWT), whose answers come at once",
                card(.none, ats: ATS(fsci: 8, fwi: 0)), message, .readsOn, rule: waitingTime),
            frameSizeSweepCase("ISODEP-E-027", rule: frameSize),
            waitingTimeSweepCase("ISODEP-E-028", message, rule: waitingTime),
        ] + retryEdgeCases(message, long) + waitingTimeEdgeCases(message, long)
    }
}
