import ISODEP
import Rig
import TagEmulation
import TagFormat

/// `isodep-errors`: a Type 4 tag whose ISO-DEP card asks for time, stays silent, answers
/// late, handles S(DESELECT) badly or announces unusual frame sizes and guard times (issue
/// 22). Judged from the reader's own ISO-DEP blocks as the card saw them (its R(NAK), its
/// grants of S(WTX), the parts of its chained commands) and from what it read; each case
/// ends with the reader reading a tag that keeps every rule. With a PN533 reading through
/// InDataExchange, ISO-DEP is the chip's: these verdicts judge the chip's error handling
/// as much as the host's.
enum ISODEPErrorsSuite {
    static let name = "isodep-errors"

    /// What a case expects of the reader, besides reading the right message.
    enum Expectation: Sendable, Equatable {
        /// It granted each S(WTX), with the WTXM asked, in order.
        case grants([UInt8])
        /// It asked for the lost answer with R(NAK) (ISO/IEC 14443-4 rule 4).
        case negativeAcknowledgement
        /// It acknowledged each part of the card's chained answer with R(ACK) (rule 5).
        case acknowledgesChainedAnswer
        /// Its chained command's parts carried at most `capacity` INF bytes each (the FSC the
        /// ATS announced, less PCB and CRC), and it chained at all.
        case chainsWithin(capacity: Int)
        /// Its first block after the ATS came no earlier than `guardTime` after the RATS.
        case waitsGuardTime(Duration)
        /// Nothing beyond reading: the card's behaviour must not stop the reader.
        case readsOn
        /// It did not grant an S(WTX) whose WTXM is out of range (it may give up on the tag).
        case refusesWTX(UInt8)
        /// It took an S(WTX) whose WTXM is out of range for the protocol error it is: no
        /// grant, and nothing more to the card in that activation but S(DESELECT).
        case givesUpAfterInvalidWTX(UInt8)
    }

    static var cases: [ConformanceCase] {
        let message = Fixtures.encode([Fixtures.uri("https://example.com/isodep")])
        let long = Fixtures.message(ofLength: 1000)
        let wtx = "ISO/IEC 14443-4:2018 §7.3 and NFC Forum Digital 2.2 §13.2.6 (S(WTX))"
        let recovery = "ISO/IEC 14443-4:2018 §7.5.4, rules 4 and 11 (R(NAK), repeated block)"
        let deselect = "ISO/IEC 14443-4:2018 §8 (S(DESELECT))"
        func guardTimeCase(_ id: String, sfgi: UInt8, _ note: String) -> ConformanceCase {
            readCase(
                id,
                "waits the start-up frame guard time of SFGI \(sfgi)\(note) before its first "
                    + "block (ISO/IEC 14443-4:2018 §5.2.5)",
                card(.none, ats: ATS(fsci: 8, fwi: 8, sfgi: sfgi)), message,
                .waitsGuardTime(ISODEPTiming.startUpFrameGuardTime(sfgi: sfgi)))
        }
        let frameSize = "ISO/IEC 14443-4:2018 §5.2.3 and §7.1.1 (FSC, chaining)"
        let damaged =
            "ISO/IEC 14443-4:2018 §7.5.4, rule 4, and NFC Forum Digital 2.2 §13.2.5 "
            + "(a transmission error is treated as a timeout: R(NAK))"
        let departure =
            "ISO/IEC 14443-4:2018 §7.5.4, rules 4 and 5, and NFC Forum Digital 2.2 §13.2.5 "
            + "(an unrecoverable error ends the exchange)"
        return [
            readCase(
                "ISODEP-E-001", "grants one S(WTX) and reads on (\(wtx))",
                card(.init(wtxRequests: [1], wtxOn: [1])), message, .grants([1])),
            readCase(
                "ISODEP-E-002", "grants five S(WTX) in a row before one answer (\(wtx))",
                card(.init(wtxRequests: [1, 1, 1, 1, 1], wtxOn: [1])), message,
                .grants([1, 1, 1, 1, 1])),
            readCase(
                "ISODEP-E-003", "grants S(WTX) with the largest WTXM, 59 (\(wtx))",
                card(.init(wtxRequests: [59], wtxOn: [1])), message, .grants([59])),
            readCase(
                "ISODEP-E-004", "grants S(WTX) before every APDU of a read (\(wtx))",
                card(.init(wtxRequests: [2])), message, .grants([2, 2, 2, 2, 2, 2])),
            readCase(
                "ISODEP-E-005",
                "asks again with R(NAK) when the card stays silent once (\(recovery))",
                card(.init(silentOnce: [1])), message, .negativeAcknowledgement),
            readCase(
                "ISODEP-E-006",
                "asks again with R(NAK) for an answer lost in the middle of a read (\(recovery))",
                card(.init(silentOnce: [4])), message, .negativeAcknowledgement),
            readCase(
                "ISODEP-E-007",
                "ignores an answer after the frame waiting time and asks again (\(recovery))",
                card(.init(answerAfterWaitingTime: [1])), message, .negativeAcknowledgement),
            readCase(
                "ISODEP-E-008",
                "reads on when a card never answers S(DESELECT) (\(deselect))",
                card(.init(deselect: .ignore)), message, .readsOn),
            readCase(
                "ISODEP-E-009",
                "reads on when a card answers S(DESELECT) late (\(deselect))",
                card(.init(deselect: .delay(.milliseconds(4)))), message, .readsOn),
            readCase(
                "ISODEP-E-010",
                "acknowledges each part of a chained answer with R(ACK) (ISO/IEC 14443-4:2018 "
                    + "§7.5.2, rule 5)",
                card(.none), long, .acknowledgesChainedAnswer),
            writeCase(
                "ISODEP-E-011",
                "chains a command to a card of FSC 16 in parts of at most 13 bytes (\(frameSize))",
                card(.none, ats: ATS(fsci: 0, fwi: 8)), .chainsWithin(capacity: 13)),
            writeCase(
                "ISODEP-E-012",
                "chains a command to a card of FSC 32 in parts of at most 29 bytes (\(frameSize))",
                card(.none, ats: ATS(fsci: 2, fwi: 8)), .chainsWithin(capacity: 29)),
            writeCase(
                "ISODEP-E-013",
                "takes FSC 32 for an ATS without interface bytes and chains by it "
                    + "(ISO/IEC 14443-4:2018 §5.2.3: FSCI 2 by default)",
                card(.none, ats: ATS(fsci: nil, ta: nil, tb: nil, tc: nil, historicalBytes: [])),
                .chainsWithin(capacity: 29)),
            guardTimeCase("ISODEP-E-014", sfgi: 6, ""),
            readCase(
                "ISODEP-E-015",
                "reads a card of FWI 14, the longest frame waiting time "
                    + "(ISO/IEC 14443-4:2018 §5.2.5)",
                card(.none, ats: ATS(fsci: 8, fwi: 14)), message, .readsOn),
            invalidWTXCase(
                "ISODEP-E-017",
                "does not grant S(WTX) with WTXM 0, out of range (\(wtx): 0 and 60–63 are RFU, "
                    + "a protocol error)", card(.init(wtxRequests: [0], wtxOn: [1])), message, 0),
            invalidWTXCase(
                "ISODEP-E-018", "does not grant S(WTX) with WTXM 60, out of range (\(wtx))",
                card(.init(wtxRequests: [60], wtxOn: [1])), message, 60),
            readCase(
                "ISODEP-E-016",
                "reads a card of FWI 4 whose answers come at once (ISO/IEC 14443-4:2018 §5.2.5)",
                card(.none, ats: ATS(fsci: 8, fwi: 4)), message, .readsOn),
            readCase(
                "ISODEP-E-019",
                "asks again with R(NAK) when the first answer arrives with a wrong CRC (\(damaged))",
                card(.init(wrongCRCOnce: [1])), message, .negativeAcknowledgement),
            readCase(
                "ISODEP-E-020",
                "asks again with R(NAK) for an answer with a wrong CRC in the middle of a read "
                    + "(\(damaged))",
                card(.init(wrongCRCOnce: [4])), message, .negativeAcknowledgement),
            departureCase(
                "ISODEP-E-021",
                "reports a read error, no message, when the card leaves after the first part of "
                    + "a chained answer (\(departure))",
                card(.init(leavesFieldAfterChainingBlocks: 1)), long),
            departureCase(
                "ISODEP-E-022",
                "reports a read error, no message, when the card leaves in the middle of a read's "
                    + "third chained answer (\(departure))",
                card(.init(leavesFieldAfterChainingBlocks: 3)), long),
            writeCase(
                "ISODEP-E-023",
                "chains a command to a card of FSC 64 in parts of at most 61 bytes (\(frameSize))",
                card(.none, ats: ATS(fsci: 5, fwi: 8)), .chainsWithin(capacity: 61)),
            writeCase(
                "ISODEP-E-024",
                "chains a 260-byte UPDATE BINARY to a card of FSC 256 in parts of at most 253 "
                    + "bytes (\(frameSize))",
                card(.none, ats: ATS(fsci: 8, fwi: 8)), .chainsWithin(capacity: 253),
                messageLength: 600),
            guardTimeCase("ISODEP-E-025", sfgi: 10, " (about 309 ms)"),
            readCase(
                "ISODEP-E-026",
                "reads a card of FWI 0, the shortest frame waiting time (about 302 µs plus the "
                    + "reader's ΔFWT), whose answers come at once (ISO/IEC 14443-4:2018 §5.2.5)",
                card(.none, ats: ATS(fsci: 8, fwi: 0)), message, .readsOn),
            frameSizeSweepCase("ISODEP-E-027", rule: frameSize),
            waitingTimeSweepCase("ISODEP-E-028", message),
        ]
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

    /// A Type 4 tag holding `content` whose ISO-DEP card is `card`.
    static func tag(_ content: [UInt8], _ card: ISODEPCardConfiguration) -> TagSetup {
        var setup = Type4Setup(content: content)
        setup.isoDEP = card
        return .type4(setup)
    }

    /// A read of `content` from a Type 4 tag whose card is `card`, judged by `expectation`.
    static func readCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8],
        _ expectation: Expectation
    ) -> ConformanceCase {
        let tag = tag(content, card)
        var readCase = ConformanceCase(
            id: id, suite: name, title: title, setup: "\(tag)",
            expectations: .everyProfile(expectation.sentence(after: "reads the message"))
        ) { context in
            await CaseSteps.run { () async throws(CaseSteps.Stop) in
                try await CaseSteps.present(context, [tag])
                try await CaseSteps.readAlone(context, stored: content)
                let events = await context.slots[0].events
                let judged = judge(expectation, events)
                guard judged.verdict == .pass else { return judged }
                return try await readsGoodTag(context)
            }
        }
        readCase.answersLateOnPurpose = !card.misbehaviour.answerAfterWaitingTime.isEmpty
        return readCase
    }

    /// A tag whose card asks S(WTX) with an out-of-range WTXM: the reader must not grant it;
    /// whether it reads the tag or gives up on it, it must go on to read a good tag.
    static func invalidWTXCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration, _ content: [UInt8],
        _ multiplier: UInt8
    ) -> ConformanceCase {
        CaseSteps.scannedCase(
            id, suite: name, title, tag(content, card),
            expectations: invalidWTXExpectations(multiplier)
        ) { context async throws(CaseSteps.Stop) in
            // A protocol error may end the read with an error; only a wrong message fails.
            if let read = try? await CaseSteps.read(context), read.status != .notSupported {
                let judged = ReadJudgement.judge(read, stored: content, .message)
                guard judged.verdict != .fail else { return judged }
            }
            let expectation = invalidWTXExpectation(multiplier, under: context.profile)
            let judged = judge(expectation, await context.slots[0].events)
            guard judged.verdict == .pass else { return judged }
            return try await readsGoodTag(context)
        }
    }

    /// A write of a `messageLength`-byte message to an empty Type 4 tag whose card is
    /// `card`: the reader sends UPDATE BINARY commands longer than small frame sizes hold
    /// (up to MLc, 255 data bytes, once the message is longer).
    static func writeCase(
        _ id: String, _ title: String, _ card: ISODEPCardConfiguration,
        _ expectation: Expectation, messageLength: Int = 200
    ) -> ConformanceCase {
        let message = Fixtures.message(ofLength: messageLength)
        let tag = tag([], card)
        return ConformanceCase(
            id: id, suite: name, title: title, setup: "\(tag)",
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

    /// `expectation` against what the tag logged.
    static func judge(_ expectation: Expectation, _ events: [TagEvent]) -> RepetitionOutcome {
        let blocks = events.compactMap { event -> ISODEPBlock? in
            if case .readerBlock(let block) = event.kind { block } else { nil }
        }
        switch expectation {
        case .readsOn:
            return .pass
        case .givesUpAfterInvalidWTX(let multiplier):
            let refused = judge(.refusesWTX(multiplier), events)
            guard refused.verdict == .pass else { return refused }
            return goesOnAfterInvalidWTX(multiplier, events) ?? .pass
        case .refusesWTX(let multiplier):
            let granted = blocks.contains { block in
                guard case .supervisory(.waitingTimeExtension(let wtxm, _), _) = block else {
                    return false
                }
                return wtxm == multiplier
            }
            guard !granted else {
                return .fail("the reader granted S(WTX) with WTXM \(multiplier), out of range 1…59")
            }
            return .pass
        case .grants(let wanted):
            let granted = blocks.compactMap { block -> UInt8? in
                guard case .supervisory(.waitingTimeExtension(let wtxm, _), _) = block else {
                    return nil
                }
                return wtxm
            }
            guard granted.starts(with: wanted) else {
                return .fail(
                    "the tag asked for more time with WTXM \(wanted); the reader granted \(granted)"
                )
            }
            return .pass
        case .negativeAcknowledgement:
            let naks = blocks.filter {
                if case .receiveReady(.nak, _, _) = $0 { true } else { false }
            }
            guard !naks.isEmpty else {
                return .fail("the reader read on without asking for the lost answer with R(NAK)")
            }
            return .pass
        case .acknowledgesChainedAnswer:
            let acks = blocks.filter {
                if case .receiveReady(.ack, _, _) = $0 { true } else { false }
            }
            guard !acks.isEmpty else {
                return .fail("the tag chained its answers; the reader sent no R(ACK) for a part")
            }
            return .pass
        case .chainsWithin(let capacity):
            let parts = blocks.compactMap { block -> Int? in
                if case .information(_, true, _, _, let inf) = block { inf.count } else { nil }
            }
            guard !parts.isEmpty else {
                return .fail(
                    "the reader sent no chained command to a card of \(capacity + 3)-byte frames")
            }
            guard let largest = parts.max(), largest <= capacity else {
                return .fail(
                    "the reader sent a chained part of \(parts.max() ?? 0) INF bytes; the card's frames hold \(capacity)"
                )
            }
            return .pass
        case .waitsGuardTime(let guardTime):
            guard
                let activated = events.first(where: {
                    if case .activated = $0.kind { true } else { false }
                }),
                let first = events.first(where: {
                    if case .received = $0.kind { true } else { false }
                })
            else { return .fail("the tag logged no activation and no command") }
            guard first.at - activated.at >= guardTime else {
                return .fail(
                    "the reader's first command came \(first.at - activated.at) after the RATS, within the start-up guard time \(guardTime)"
                )
            }
            return .pass
        }
    }
}
