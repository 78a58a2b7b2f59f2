import ISODEP
import Rig
import TagEmulation
import TagFormat

/// `isodep-errors`: a Type 4 tag whose ISO-DEP card asks for time, stays silent, answers
/// late, handles S(DESELECT) badly or announces unusual frame sizes and guard times (issue
/// 22). Judged from the reader's own ISO-DEP blocks as the card saw them (its R(NAK), its
/// grants of S(WTX), the parts of its chained commands) and from what it read; each case
/// ends with the reader reading a tag that keeps every rule. With a PN533 reading through
/// InDataExchange, the chip runs ISO-DEP, but the host still decides much of it (the chip's
/// retry setting, the size of every READ BINARY, when it gives up): the `about` text names
/// what.
enum ISODEPErrorsSuite: ConformanceSuite {
    static let name = "isodep-errors"

    /// What the suite checks and how it is judged, for the catalogue.
    static let about = [
        "A Type 4 tag whose ISO-DEP card (ISO/IEC 14443-4) stretches or breaks the protocol: it "
            + "asks for more time with S(WTX), stays silent once, answers late or with a wrong "
            + "CRC_A, handles S(DESELECT) badly, leaves the field in the middle of a chained "
            + "answer, or announces unusual frame sizes (FSCI), frame waiting times (FWI) and "
            + "guard times (SFGI) in its ATS. Each case is judged by the reader's own ISO-DEP "
            + "blocks as the card logged them (its grants of S(WTX), its R(NAK) and R(ACK), the "
            + "parts of its chained commands, when its first block came) and by a correct read "
            + "or write, and ends with a read of a tag that keeps every rule, so a reader the "
            + "card left broken fails.",
        "With a PN533 reading through InDataExchange (the DUT's `iso_dep` is `chip` in `hello`), "
            + "the chip sends the blocks, but the host configures and drives it, and these "
            + "verdicts judge both: the host sets how often the chip recovers a lost or damaged "
            + "answer with R(NAK) or R(ACK) (RFConfiguration item 04, MaxRtyCOM; libnfc never "
            + "sets it, so the chip sends no R(NAK) at all), the host's own timeout per "
            + "InDataExchange (which must cover a card's FWT, S(WTX) and the retries), how many "
            + "bytes each READ BINARY asks for (within MLe) and so how long each answer is, what "
            + "it does after an exchange failed (S(DESELECT), InRelease, the field off) and what "
            + "it reports to its application. The report's notes say so.",
        "The chaining cases do not hang on the reader's READ BINARY size: their card chains "
            + "every answer longer than 17 bytes (ISO/IEC 14443-4 bounds a part only by FSD), "
            + "so a READ BINARY of 16 bytes or more is answered chained, whether it asks for "
            + "240 bytes (one block of FSD 256) or 255 (two). A reader whose READ BINARY asks "
            + "for less, so that no answer was chained, is skipped with \"condition not "
            + "reached\", never failed; a fail names the chained answer (its command, length, "
            + "parts and time) it rests on.",
        "A card that leaves after the first part of a chained answer (ISODEP-E-021 in the "
            + "first, ISODEP-E-022 in the third) is judged by each profile's own sources: under "
            + "`iso14443`, the block handling rules (the reader asks for the next part with "
            + "R(ACK), again with R(ACK) once the frame waiting time ran out, never R(NAK), and "
            + "the exchange ends), under `nfc-forum` the same error handling of NFC Forum "
            + "Digital's ISO-DEP and that no part of the message passes for the message, under "
            + "`corenfc` Apple's API contract, a read error (`read-error-as-no-ndef` stands for "
            + "a reader that reports no NDEF instead, nfcpy's `tag.ndef`, which fails only "
            + "there). ISODEP-E-007's card answers late on purpose, and ISODEP-E-009's answers "
            + "S(DESELECT) 20 ms late, past the reader's deselect timeout, so neither case is run "
            + "again for a late answer, as a case is when the bench was slow. The guard-time "
            + "cases judge the first block after every activation, so a reader that activates "
            + "a card once to count it and again to read it must wait both times.",
        "Profiles: every case expects the same under `nfc-forum`, `iso14443` and `corenfc` but "
            + "ISODEP-E-021 and ISODEP-E-022 (above); the recovery cases, which `corenfc` does "
            + "not judge (Apple documents no ISO-DEP recovery: the phone's NFC controller runs "
            + "it): ISODEP-E-005 to ISODEP-E-007, ISODEP-E-019 and ISODEP-E-020 (a lost, late or "
            + "damaged answer), ISODEP-E-029 to ISODEP-E-035 (the retry rules at the edges of "
            + "FWI and WTXM) and ISODEP-E-036 to ISODEP-E-038 (an S(WTX) between the parts of a "
            + "chained answer, FWI from TB(1) of an ATS without TA(1), the wait after S(WTX) "
            + "capped at FWTmax); and "
            + "ISODEP-E-017 and ISODEP-E-018 (WTXM 0 and 60). NFC Forum Digital makes a WTXM "
            + "out of 1…59 a protocol error, so under `nfc-forum` the reader must end the "
            + "exchange: no grant, and nothing more to the card in that activation but "
            + "S(DESELECT) (ST's RFAL and Nordic's NFC library do so). ISO/IEC 14443-4 only "
            + "calls the values RFU, so under `iso14443`, and `corenfc`, where Apple documents "
            + "nothing, the reader must only not grant it. A report's case carries the "
            + "expectation of its profile (`expected`).",
        "Measurements: `timeToDetect`, `readTime.<size>`, `readTime`, `writeTime` and "
            + "`apduTime`.",
    ]

    /// What a case expects of the reader, besides reading the right message.
    enum Expectation: Sendable, Equatable {
        /// It granted each S(WTX), with the WTXM asked, in order.
        case grants([UInt8])
        /// It asked for the lost answer with R(NAK) (ISO/IEC 14443-4 rule 4).
        case negativeAcknowledgement
        /// It granted the card's S(WTX) with this WTXM and, when the answer after the grant
        /// did not come, asked for it with R(NAK).
        case negativeAcknowledgementAfterGrant(UInt8)
        /// The card withheld once the part of a chained answer the reader's first R(ACK)
        /// asked for; the reader asked for it again with R(ACK) (rule 5).
        case acknowledgesAgain
        /// It acknowledged each part of the card's chained answers with R(ACK) (rule 2); the
        /// card chains answers longer than `partLimit` INF bytes (nil: longer than FSD allows).
        case acknowledgesChainedAnswer(partLimit: Int?)
        /// Its chained command's parts carried at most `capacity` INF bytes each (the FSC the
        /// ATS announced, less PCB and CRC), and it chained at all.
        case chainsWithin(capacity: Int)
        /// Its first block after the ATS came no earlier than `guardTime` after the RATS.
        case waitsGuardTime(Duration)
        /// Nothing beyond reading: the card's behaviour must not stop the reader.
        case readsOn
        /// The reader ended the session with S(DESELECT), which the card answers badly, and
        /// read on: without the S(DESELECT) the card's behaviour never came into play.
        case readsOnAfterDeselect
        /// It did not grant an S(WTX) whose WTXM is out of range (it may give up on the tag).
        case refusesWTX(UInt8)
        /// It took an S(WTX) whose WTXM is out of range for the protocol error it is: no
        /// grant, and nothing more to the card in that activation but S(DESELECT).
        case givesUpAfterInvalidWTX(UInt8)
        /// It granted, with this WTXM, the S(WTX) the card sent in answer to its R(ACK) between
        /// the parts of a chained answer, and read on.
        case grantsInChainedAnswer(UInt8)
        /// It waited for every answer of a card that loses none, answering within the FWT of
        /// this FWI its ATS announces: it sent no R(NAK).
        case waitsAnnouncedWaitingTime(fwi: UInt8)
        /// It granted S(WTX) with this WTXM, capped the wait FWT × WTXM at FWTmax and, the
        /// answer not coming, sent R(NAK) no later than FWTmax + ΔFWT after its grant (and the
        /// bench's allowance).
        case capsExtendedWaitingTime(UInt8)
    }

    /// A card misbehaving as given, announcing `ats` (the default ATS when nil).
    static func card(_ misbehaviour: ISODEPCardMisbehaviour, ats: ATS? = nil)
        -> ISODEPCardConfiguration
    {
        var card = ISODEPCardConfiguration()
        card.misbehaviour = misbehaviour
        // The answers come from memory: a WTX only when a case asks for one.
        card.wtxPolicy = .never
        if let ats { card.ats = ats }
        return card
    }

    /// The tag every case ends with: it keeps every rule, and the reader must read it.
    static let goodTag = Fixtures.type4(Fixtures.encode([Fixtures.uri("https://example.com")]))

    /// A Type 4 tag holding `content` whose ISO-DEP card is `card`, taking `responseDelay` to
    /// answer each APDU.
    static func tag(
        _ content: [UInt8], _ card: ISODEPCardConfiguration, responseDelay: Duration = .zero
    ) -> TagSetup {
        var setup = Type4Setup(responseDelay: responseDelay, content: content)
        setup.isoDEP = card
        return .type4(setup)
    }

    /// A read of `content` from a Type 4 tag whose card is `card`, judged by `expectation`
    /// under `profiles` (every one when nil; the others skip the case for `notJudged`).
    static func readCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8],
        _ expectation: Expectation, rule: String, profiles: Set<ReaderProfile>? = nil,
        notJudged: String = "", responseDelay: Duration = .zero
    ) -> ConformanceCase {
        let tag = tag(content, card, responseDelay: responseDelay)
        let sentence = expectation.sentence(after: "reads the message")
        let misbehaviour = card.misbehaviour
        let withheld = misbehaviour.silentOnce.union(misbehaviour.wrongCRCOnce)
            .union(misbehaviour.answerAfterWaitingTime)
        var readCase = ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: "\(tag)",
            expectations: profiles.map { judged in
                ProfileExpectations(
                    Dictionary(uniqueKeysWithValues: judged.map { ($0, sentence) }),
                    notJudged: notJudged)
            } ?? .everyProfile(sentence)
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [tag])
                do throws(CaseSteps.Stop) {
                    try await CaseSteps.readAlone(context, stored: content)
                } catch {
                    // A read that failed where the card's log shows the rule broken fails on
                    // the rule, naming its frames, and says how the read ended.
                    let judged = naming(
                        withheld,
                        judge(expectation, await context.slots[0].events, readFailed: true),
                        await context.slots[0].events)
                    guard judged.verdict == .fail else { throw error }
                    var explained = judged
                    explained.message += "; the read then ended: \(error.outcome.message)"
                    return explained
                }
                let events = await context.slots[0].events
                let judged = naming(withheld, judge(expectation, events), events)
                guard judged.verdict == .pass else { return judged }
                return try await readsGoodTag(context)
            }
        }
        // A card that answers late on purpose is the case's subject, not a slow bench: its
        // late answers (an APDU past the FWT, an S(DESELECT) past the deselect timeout) do not
        // send the case round again. Nor does a card slow on purpose within its FWT: its
        // answers come late only to a reader that timed it by a shorter one.
        var deselectsLate = false
        if case .delay = card.misbehaviour.deselect { deselectsLate = true }
        readCase.answersLateOnPurpose =
            !card.misbehaviour.answerAfterWaitingTime.isEmpty || deselectsLate
            || responseDelay > .zero
        return readCase
    }

    /// A tag whose card asks S(WTX) with an out-of-range WTXM: the reader must not grant it;
    /// whether it reads the tag or gives up on it, it must go on to read a good tag.
    static func invalidWTXCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8],
        _ multiplier: UInt8, rule: String
    ) -> ConformanceCase {
        CaseSteps.scannedCase(
            id, suite: name, title, tag(content, card), rule: rule,
            expectations: invalidWTXExpectations(multiplier)
        ) { context async throws(CaseSteps.Stop) in
            // A protocol error may end the read with a reader error; a wrong message fails,
            // and so do a crash, a hang or a line that breaks the protocol.
            do throws(DUTError) {
                let read = try await context.timed("readTime") { () async throws(DUTError) in
                    try await context.dut.read()
                }
                if read.status != .notSupported {
                    let judged = ReadJudgement.judge(read, stored: content, .message)
                    guard judged.verdict != .fail else { return judged }
                }
            } catch .reader {
            } catch {
                return CaseSteps.outcome(of: error, in: "read")
            }
            let events = await context.slots[0].events
            let expectation = invalidWTXExpectation(multiplier, under: context.profile)
            let judged = judge(expectation, events)
            guard judged.verdict == .pass else { return judged }
            return try await readsGoodTag(context)
        }
    }

    /// A write of a `messageLength`-byte message to an empty Type 4 tag whose card is
    /// `card`: the reader sends UPDATE BINARY commands longer than small frame sizes hold
    /// (up to MLc, 255 data bytes, once the message is longer).
    static func writeCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration,
        _ expectation: Expectation, messageLength: Int = 200, rule: String
    ) -> ConformanceCase {
        let message = Fixtures.message(ofLength: messageLength)
        let tag = tag([], card)
        return ConformanceCase(
            id: id, suite: name, title: title, rule: rule, setup: "\(tag)",
            expectations: .everyProfile(expectation.sentence(after: "writes the message"))
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [tag])
                _ = try await CaseSteps.scan(context, expecting: 1)
                try await CaseSteps.write(context, message)
                let held = try await RFObservations.tagHolds(context, message)
                guard held.verdict == .pass else { return held }
                let judged = judge(expectation, await context.slots[0].events)
                guard judged.verdict == .pass else { return judged }
                return try await readsGoodTag(context)
            }
        }
    }

    /// The reader still reads a tag that keeps every rule.
    static func readsGoodTag(_ context: CaseContext) async throws(CaseSteps.Stop)
        -> RepetitionOutcome
    {
        try await CaseSteps.readsAGoodTag(context, goodTag, kind: "Type 4")
    }
}
