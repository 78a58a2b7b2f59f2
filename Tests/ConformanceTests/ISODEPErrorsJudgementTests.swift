import ISODEP
import Rig
import TagEmulation
import Testing

@testable import Conformance

/// The `isodep-errors` suite's judgements, on logs a tag could have written: each passes on
/// the evidence it asks for and fails without it, so none of them passes by itself.
@Suite struct ISODEPErrorsJudgementTests {
    typealias Expectation = ISODEPErrorsSuite.Expectation

    static func log(_ kinds: [TagEvent.Kind], step: Duration = .milliseconds(1)) -> [TagEvent] {
        kinds.enumerated().map { TagEvent(at: step * $0.offset, kind: $0.element) }
    }

    static let activated = TagEvent.Kind.activated(firstCommand: [0xE0, 0x80])
    static let command = TagEvent.Kind.received([0x00, 0xA4, 0x04, 0x00])
    static let readBinary = TagEvent.Kind.received([0x00, 0xB0, 0x00, 0x02, 0xF0])

    @Test(arguments: [
        (Expectation.grants([1, 1]), [TagEvent.Kind.readerBlock(.wtx(1)), .readerBlock(.wtx(1))]),
        (.negativeAcknowledgement, [.readerBlock(.nak(0))]),
        (
            .acknowledgesChainedAnswer(partLimit: 17),
            [activated, readBinary, .sent(Array(repeating: 0, count: 20)), .readerBlock(.ack(1))]
        ),
        (
            .chainsWithin(capacity: 13),
            [
                .readerBlock(
                    .information(
                        blockNumber: 0, chaining: true, inf: Array(repeating: 0, count: 13)))
            ]
        ),
    ])
    func eachJudgementPassesOnItsEvidence(expectation: Expectation, kinds: [TagEvent.Kind]) {
        #expect(ISODEPErrorsSuite.judge(expectation, Self.log(kinds)).verdict == .pass)
    }

    @Test(arguments: [
        Expectation.grants([1]), .negativeAcknowledgement, .negativeAcknowledgementAfterGrant(1),
        .chainsWithin(capacity: 13), .waitsGuardTime(.milliseconds(5)),
    ])
    func eachJudgementFailsWithoutItsEvidence(expectation: Expectation) {
        let judged = ISODEPErrorsSuite.judge(expectation, Self.log([Self.activated, Self.command]))
        #expect(judged.verdict == .fail, "\(judged.message)")
    }

    /// The reader's FSD bounds each part of the card's chained answers; an activation whose
    /// first frame is no RATS gives none, and the verdict names the frame rather than assume
    /// FSD 256.
    @Test(arguments: [
        Expectation.acknowledgesChainedAnswer(partLimit: 17), .acknowledgesAgain,
        .grantsInChainedAnswer(3),
    ])
    func aFirstFrameThatIsNoRATSIsNamedNeverPassed(expectation: Expectation) {
        let judged = ISODEPErrorsSuite.judge(
            expectation,
            Self.log([
                .activated(firstCommand: [0xE0, 0x8F]), Self.readBinary,
                .sent(Array(repeating: 0, count: 20)),
            ]))
        #expect(judged.verdict == .skip)
        #expect(judged.message.contains("e08f"), "\(judged.message)")
    }

    /// ISODEP-E-036: the card's S(WTX) in answer to an R(ACK) must be granted next; a reader
    /// that acknowledges it as a part of the answer fails, named by its block.
    @Test func anSWTXInAChainedAnswerPassesOnlyWhenGrantedNext() {
        let asked: [TagEvent.Kind] = [
            Self.activated, Self.readBinary, .sent(Array(repeating: 0, count: 20)),
            .readerBlock(.ack(1)), .waitingTimeExtension(multiplier: 3),
        ]
        let granted = ISODEPErrorsSuite.judge(
            .grantsInChainedAnswer(3), Self.log(asked + [.readerBlock(.wtx(3))]))
        #expect(granted.verdict == .pass)
        let acknowledged = ISODEPErrorsSuite.judge(
            .grantsInChainedAnswer(3), Self.log(asked + [.readerBlock(.ack(0))]))
        #expect(acknowledged.verdict == .fail)
        #expect(acknowledged.message.contains("R(ACK 0)"), "\(acknowledged.message)")
        #expect(acknowledged.message.contains("R(ACK 1)"), "\(acknowledged.message)")
    }

    /// ISODEP-E-037: a card that loses nothing gets no R(NAK) from a reader that timed it by
    /// its ATS; an R(NAK) fails, naming the command it followed.
    @Test func anRNAKToACardThatLosesNothingFailsNamingTheCommand() {
        let read: [TagEvent.Kind] = [Self.activated, Self.command, .sent([0x90, 0x00])]
        let waited = ISODEPErrorsSuite.judge(.waitsAnnouncedWaitingTime(fwi: 11), Self.log(read))
        #expect(waited.verdict == .pass)
        let judged = ISODEPErrorsSuite.judge(
            .waitsAnnouncedWaitingTime(fwi: 11), Self.log(read + [.readerBlock(.nak(0))]))
        #expect(judged.verdict == .fail)
        #expect(judged.message.contains("00a40400"), "\(judged.message)")
    }

    /// ISODEP-E-037 on a failed read: a card busy with its answer may miss the R(NAK)s, so
    /// the command it was still answering when the read failed is the evidence, named; a
    /// read that failed after every answer came is left to its own message.
    @Test func aReadThatFailedBeforeTheCardsAnswerFailsNamingTheCommand() {
        let read = Self.log([Self.activated, Self.command, .sent([0x90, 0x00]), .released])
        let answered = ISODEPErrorsSuite.judge(
            .waitsAnnouncedWaitingTime(fwi: 11), read, readFailed: true)
        #expect(answered.verdict == .pass)
        let early = ISODEPErrorsSuite.judge(
            .waitsAnnouncedWaitingTime(fwi: 11), Self.log([Self.activated, Self.command]),
            readFailed: true)
        #expect(early.verdict == .fail)
        #expect(early.message.contains("00a40400"), "\(early.message)")
    }

    /// ISODEP-E-038: after a grant of WTXM 59 to a card of FWI 14 the R(NAK) is due within
    /// FWTmax + ΔFWT (and the bench's allowance), not after FWT × WTXM.
    @Test(arguments: [(Duration.milliseconds(4_960), Verdict.pass), (.seconds(292), .fail)])
    func theWaitAfterAGrantIsCappedAtFWTMax(_ nakAfter: Duration, _ verdict: Verdict) {
        let grantedAt = Duration.milliseconds(3)
        let events = [
            TagEvent(at: .zero, kind: Self.activated),
            TagEvent(at: .milliseconds(1), kind: Self.command),
            TagEvent(at: .milliseconds(2), kind: .waitingTimeExtension(multiplier: 59)),
            TagEvent(at: grantedAt, kind: .readerBlock(.wtx(59))),
            TagEvent(at: grantedAt + nakAfter, kind: .readerBlock(.nak(0))),
        ]
        let judged = ISODEPErrorsSuite.judge(.capsExtendedWaitingTime(59), events)
        #expect(judged.verdict == verdict, "\(judged.message)")
        let silent =
            Array(events.dropLast()) + [TagEvent(at: .seconds(30), kind: .idle(.seconds(30)))]
        #expect(ISODEPErrorsSuite.judge(.capsExtendedWaitingTime(59), silent).verdict == .fail)
    }

    @Test func aWTXGrantedWithAnotherMultiplierFails() {
        let judged = ISODEPErrorsSuite.judge(.grants([59]), Self.log([.readerBlock(.wtx(1))]))
        #expect(judged.verdict == .fail)
    }

    @Test func aChainedPartLargerThanTheCardsFramesFails() {
        let part = TagEvent.Kind.readerBlock(
            .information(blockNumber: 0, chaining: true, inf: Array(repeating: 0, count: 14)))
        #expect(
            ISODEPErrorsSuite.judge(.chainsWithin(capacity: 13), Self.log([part])).verdict == .fail)
    }

    @Test func aFirstCommandAfterTheGuardTimePassesAndOneWithinItFails() {
        let log = Self.log([Self.activated, Self.command], step: .milliseconds(6))
        #expect(ISODEPErrorsSuite.judge(.waitsGuardTime(.milliseconds(5)), log).verdict == .pass)
        #expect(ISODEPErrorsSuite.judge(.waitsGuardTime(.milliseconds(7)), log).verdict == .fail)
    }

    /// A READ BINARY of 240 bytes is answered in 242, one block of FSD 256: a card that
    /// chains only by FSD chains nothing, and the case was not reached (issue 33).
    @Test func anAnswerThatFitOneBlockIsNoChainingToBlameTheReaderFor() {
        let log = Self.log([
            Self.activated, Self.readBinary, .sent(Array(repeating: 0, count: 242)),
        ])
        let judged = ISODEPErrorsSuite.judge(.acknowledgesChainedAnswer(partLimit: nil), log)
        #expect(judged.verdict == .skip)
        #expect(judged.message.hasPrefix("condition not reached"), "\(judged.message)")
    }

    @Test func aChainedAnswerWithoutRACKFailsNamingTheAnswerAndWhenTheCardSentIt() {
        let log = Self.log([
            Self.activated, Self.readBinary, .sent(Array(repeating: 0, count: 242)),
            .received([0x00, 0xB0, 0x00, 0xF2, 0xF0]),
        ])
        let judged = ISODEPErrorsSuite.judge(.acknowledgesChainedAnswer(partLimit: 17), log)
        #expect(judged.verdict == .fail)
        #expect(judged.message.contains("00b00002f0"), "\(judged.message)")
        #expect(judged.message.contains("242 bytes, in 15 I-blocks"), "\(judged.message)")
        #expect(judged.evidenceAt == .milliseconds(2))
    }

    @Test func aLostAnswerAfterAGrantPassesOnlyWithRNAKAfterTheGrant() {
        let asked = TagEvent.Kind.waitingTimeExtension(multiplier: 59)
        let grant = TagEvent.Kind.readerBlock(.wtx(59))
        let nak = TagEvent.Kind.readerBlock(.nak(0))
        let expectation = Expectation.negativeAcknowledgementAfterGrant(59)
        #expect(
            ISODEPErrorsSuite.judge(expectation, Self.log([asked, grant, nak])).verdict == .pass)
        let silent = ISODEPErrorsSuite.judge(expectation, Self.log([asked, grant, .released]))
        #expect(silent.verdict == .fail)
        #expect(silent.evidenceAt == .milliseconds(1))
        #expect(ISODEPErrorsSuite.judge(expectation, Self.log([asked, nak])).verdict == .fail)
    }

    @Test func aWithheldPartPassesOnlyWhenTheReaderAsksAgainWithTheSameRACK() {
        let chained: [TagEvent.Kind] = [
            Self.activated, Self.readBinary, .sent(Array(repeating: 0, count: 242)),
            .readerBlock(.ack(1)),
        ]
        #expect(
            ISODEPErrorsSuite.judge(.acknowledgesAgain, Self.log(chained + [.readerBlock(.ack(1))]))
                .verdict == .pass)
        let nak = ISODEPErrorsSuite.judge(
            .acknowledgesAgain, Self.log(chained + [.readerBlock(.nak(1))]))
        #expect(nak.verdict == .fail)
        #expect(nak.evidenceAt == .milliseconds(4))
        let gaveUp = ISODEPErrorsSuite.judge(.acknowledgesAgain, Self.log(chained + [.released]))
        #expect(gaveUp.verdict == .fail)
        // A chained answer the reader never acknowledged fails; no chained answer is a skip.
        let noAck = ISODEPErrorsSuite.judge(.acknowledgesAgain, Self.log(Array(chained.dropLast())))
        #expect(noAck.verdict == .fail)
        #expect(noAck.message.contains("00b00002f0"), "\(noAck.message)")
        let short = ISODEPErrorsSuite.judge(
            .acknowledgesAgain, Self.log([Self.activated, Self.readBinary, .sent([0x90, 0x00])]))
        #expect(short.verdict == .skip)
    }

    @Test func aGrantOfAnOutOfRangeWTXMFailsAndNoGrantPassesOnlyWhenTheCardAsked() {
        let asked = TagEvent.Kind.waitingTimeExtension(multiplier: 0)
        let grant = TagEvent.Kind.readerBlock(
            .supervisory(.waitingTimeExtension(multiplier: 0)))
        #expect(
            ISODEPErrorsSuite.judge(.refusesWTX(0), Self.log([asked, grant])).verdict == .fail)
        #expect(
            ISODEPErrorsSuite.judge(.refusesWTX(0), Self.log([Self.activated, asked])).verdict
                == .pass)
        // Not granting a request the card never made proves nothing.
        #expect(
            ISODEPErrorsSuite.judge(.refusesWTX(0), Self.log([Self.activated])).verdict == .fail)
    }

    @Test func aReadOfATagThatLeftFailsWithPartOfTheMessageOrWithNoMessage() {
        let stored: [UInt8] = Array(0..<100)
        let truncated = DUTRead(status: .readWrite, capacity: 200, ndef: Array(stored.prefix(50)))
        let none = DUTRead(status: .notSupported, capacity: 0, ndef: nil)
        #expect(ISODEPErrorsSuite.judgeAbandonedRead(truncated, stored: stored).verdict == .fail)
        #expect(ISODEPErrorsSuite.judgeAbandonedRead(none, stored: stored).verdict == .fail)
    }

    /// The card left after the first part of an answer chained in 15 parts.
    static let departure = ISODEPErrorsSuite.ChainedAnswer(
        index: 2, at: .milliseconds(2), command: [0x00, 0xB0, 0x00, 0x02, 0xF0], length: 242,
        parts: 15)
    static let beforeDeparture: [TagEvent.Kind] = [
        activated, readBinary, .sent(Array(repeating: 0, count: 242)),
    ]

    @Test func aReaderThatAsksAgainWithRACKAfterTheCardLeftRecoversByTheRules() {
        let log = Self.log(
            Self.beforeDeparture + [.readerBlock(.ack(1)), .readerBlock(.ack(1)), .released])
        #expect(ISODEPErrorsSuite.judgeRecovery(after: Self.departure, log).verdict == .pass)
    }

    @Test(arguments: [
        [TagEvent.Kind.readerBlock(.ack(1)), .released],
        [.readerBlock(.ack(1)), .readerBlock(.nak(1))],
        [.released],
    ])
    func aReaderThatDoesNotAskAgainOrAsksWithRNAKFailsNamingTheAnswer(after: [TagEvent.Kind]) {
        let judged = ISODEPErrorsSuite.judgeRecovery(
            after: Self.departure, Self.log(Self.beforeDeparture + after))
        #expect(judged.verdict == .fail)
        #expect(judged.message.contains("00b00002f0"), "\(judged.message)")
    }

    @Test func aWholeMessageFromACardThatNeverCameToLeaveIsConditionNotReached() {
        let stored: [UInt8] = Array(0..<100)
        let whole = DUTRead(status: .readWrite, capacity: 200, ndef: stored)
        let judged = ISODEPErrorsSuite.judgeReadOfCardThatStayed(
            .answered(whole), stored: stored, chained: [Self.departure], 3)
        #expect(judged.verdict == .skip)
        #expect(judged.message.hasPrefix("condition not reached"))
        let refused = ISODEPErrorsSuite.judgeReadOfCardThatStayed(
            .refused, stored: stored, chained: [Self.departure], 3)
        #expect(refused.verdict == .fail)
        #expect(refused.evidenceAt == .milliseconds(2))
    }

    @Test func theDepartureCasesJudgeByEachProfilesOwnSources() {
        let expected = ISODEPErrorsSuite.departureExpectations.expected
        #expect(Set(expected.keys) == Set(ReaderProfile.allCases))
        #expect(expected[.coreNFC]?.contains("read error") == true)
        #expect(expected[.iso14443]?.contains("R(ACK)") == true)
        #expect(expected[.iso14443]?.contains("read error") == false)
    }

    @Test func theWholeMessageFromATagThatLeftIsTheHarnessesError() {
        let stored: [UInt8] = Array(0..<100)
        let whole = DUTRead(status: .readWrite, capacity: 200, ndef: stored)
        #expect(ISODEPErrorsSuite.judgeAbandonedRead(whole, stored: stored).verdict == .error)
    }
}

/// The profile-dependent judgement: the NFC Forum makes a WTXM out of range a protocol
/// error that ends the exchange; ISO/IEC 14443-4 only forbids granting it.
@Suite struct InvalidWTXProfileTests {
    typealias Expectation = ISODEPErrorsSuite.Expectation
    static let asked = TagEvent.Kind.waitingTimeExtension(multiplier: 0)

    static func judge(_ expectation: Expectation, _ kinds: [TagEvent.Kind]) -> Verdict {
        ISODEPErrorsSuite.judge(expectation, ISODEPErrorsJudgementTests.log(kinds)).verdict
    }

    @Test func aReaderEndingTheExchangePassesUnderEveryProfile() {
        for ending in [[TagEvent.Kind.released], [.readerBlock(.deselect()), .deselected]] {
            #expect(Self.judge(.givesUpAfterInvalidWTX(0), [Self.asked] + ending) == .pass)
            #expect(Self.judge(.refusesWTX(0), [Self.asked] + ending) == .pass)
        }
    }

    @Test func aReaderAskingAgainWithRNAKFailsOnlyUnderTheNFCForumProfile() {
        let nak = [Self.asked, .readerBlock(.nak(0)), .released]
        #expect(Self.judge(.givesUpAfterInvalidWTX(0), nak) == .fail)
        #expect(Self.judge(.refusesWTX(0), nak) == .pass)
        let command = [Self.asked, .received([0x00, 0xB0, 0x00, 0x00, 0x0F])]
        #expect(Self.judge(.givesUpAfterInvalidWTX(0), command) == .fail)
    }

    @Test func eachProfileGetsItsJudgementAndStatesIt() {
        #expect(
            ISODEPErrorsSuite.invalidWTXExpectation(60, under: .nfcForum)
                == .givesUpAfterInvalidWTX(60))
        #expect(ISODEPErrorsSuite.invalidWTXExpectation(60, under: .iso14443) == .refusesWTX(60))
        #expect(ISODEPErrorsSuite.invalidWTXExpectation(60, under: .coreNFC) == .refusesWTX(60))
        let stated = ISODEPErrorsSuite.invalidWTXExpectations(60).expected
        #expect(Set(stated.keys) == Set(ReaderProfile.allCases))
        #expect(stated[.nfcForum]?.contains("protocol error") == true)
    }
}
