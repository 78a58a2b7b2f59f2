import ISODEP
import Rig
import TagEmulation

/// What each `isodep-errors` case expects under each profile. The three references agree
/// on everything here but an S(WTX) whose WTXM is out of 1…59: the NFC Forum's Digital
/// specification makes it a protocol error (the reader ends the exchange; ST's RFAL and
/// Nordic's NFC library both do), while ISO/IEC 14443-4 only calls the values RFU and says
/// nothing of the reader's reaction, and Apple documents none for CoreNFC.
extension ISODEPErrorsSuite {
    /// The expectations of a case whose card asks S(WTX) with the out-of-range `multiplier`.
    static func invalidWTXExpectations(_ multiplier: UInt8) -> ProfileExpectations {
        let grantsNothing =
            "grants no S(WTX) with WTXM \(multiplier) (0 and 60–63 are RFU); what it does "
            + "next is its own choice; then it reads a good tag"
        return ProfileExpectations([
            .nfcForum: "treats S(WTX) with WTXM \(multiplier) as a protocol error: grants "
                + "nothing and sends the card nothing more in that activation but S(DESELECT); "
                + "then it reads a good tag",
            .iso14443: grantsNothing,
            .coreNFC: grantsNothing + " (CoreNFC documents no reaction; the ISO rule applies)",
        ])
    }

    /// The judgement of that case under `profile`.
    static func invalidWTXExpectation(_ multiplier: UInt8, under profile: ReaderProfile)
        -> Expectation
    {
        profile == .nfcForum ? .givesUpAfterInvalidWTX(multiplier) : .refusesWTX(multiplier)
    }

    /// Whether the reader ended the exchange after the card asked S(WTX) with `multiplier`:
    /// a fail naming what it went on with (an R-block, another S-block or a command before
    /// the activation ended), a fail when the card never asked, a pass when it sent nothing
    /// more but S(DESELECT).
    static func goesOnAfterInvalidWTX(_ multiplier: UInt8, _ events: [TagEvent])
        -> RepetitionOutcome
    {
        guard
            let asked = events.firstIndex(where: {
                if case .waitingTimeExtension(Int(multiplier)) = $0.kind { true } else { false }
            })
        else {
            return .fail("the card's S(WTX) with WTXM \(multiplier) is not in its log")
        }
        for event in events[(asked + 1)...] {
            switch event.kind {
            case .activated, .listening, .released, .deselected, .idle, .fellBackToIdle,
                .haltedUntilFieldOff:
                return .pass
            case .readerBlock(.supervisory(.deselect, _)):
                continue
            case .readerBlock(let block):
                return .fail(
                    "after S(WTX) with WTXM \(multiplier), a protocol error, the reader went on "
                        + "with \(block) instead of ending the exchange"
                ).evidenced(at: event.at)
            case .received(let command):
                return .fail(
                    "after S(WTX) with WTXM \(multiplier), a protocol error, the reader went on "
                        + "with a command of \(command.count) bytes instead of ending the exchange"
                ).evidenced(at: event.at)
            default:
                continue
            }
        }
        return .pass
    }
}

extension ISODEPErrorsSuite.Expectation {
    /// The expectation in words, after what the reader does with the tag's message.
    func sentence(after doing: String) -> String {
        let then = "; then it reads a good tag"
        switch self {
        case .grants(let multipliers):
            return "grants each S(WTX) with the WTXM asked (\(multipliers)) and \(doing)" + then
        case .negativeAcknowledgement:
            return "asks for the lost answer with R(NAK) and \(doing)" + then
        case .acknowledgesAgain:
            return "asks again with R(ACK) for the part of the chained answer that did not come "
                + "and \(doing) (skipped for a reader whose commands asked for too little to be "
                + "chained)" + then
        case .negativeAcknowledgementAfterGrant(let multiplier):
            return "grants S(WTX) with WTXM \(multiplier), asks for the answer that did not "
                + "come with R(NAK) and \(doing)" + then
        case .acknowledgesChainedAnswer:
            return "acknowledges each part of the chained answers with R(ACK) and \(doing)"
                + " (skipped for a reader whose commands asked for too little to be chained)"
                + then
        case .chainsWithin(let capacity):
            return "chains its command in parts of at most \(capacity) INF bytes and \(doing)"
                + then
        case .waitsGuardTime(let guardTime):
            return "sends its first block no earlier than \(guardTime) after the RATS and "
                + doing + then
        case .readsOn:
            return doing + then
        case .readsOnAfterDeselect:
            return doing + " and ends the session with S(DESELECT), whatever the card answers "
                + "(skipped for a reader that sends none)" + then
        case .refusesWTX(let multiplier):
            return "grants no S(WTX) with WTXM \(multiplier)" + then
        case .givesUpAfterInvalidWTX(let multiplier):
            return "treats S(WTX) with WTXM \(multiplier) as a protocol error" + then
        case .capsExtendedWaitingTime(let multiplier):
            return "grants S(WTX) with WTXM \(multiplier), waits no longer than FWTmax (the FWT "
                + "of FWI 14, about 4.95 s) and ΔFWT for the answer however long FWT × WTXM, "
                + "then asks for it with R(NAK) and \(doing)" + then
        case .waitsAnnouncedWaitingTime(let fwi):
            return "times the card by the FWI \(fwi) its ATS's TB(1) announces, found by T0's "
                + "presence bits, so it waits for each answer without R(NAK), and \(doing)" + then
        case .grantsInChainedAnswer(let multiplier):
            return "grants the S(WTX) with WTXM \(multiplier) the card sends between the parts "
                + "of a chained answer, asks for the next part with R(ACK) and \(doing) byte for "
                + "byte (skipped for a reader whose commands asked for too little to be chained)"
                + then
        }
    }
}
