/// Ways an emulated card breaks ISO/IEC 14443-4 on purpose, so that a reader's error
/// handling can be seen (issue 22): readers have shipped that abort on S(WTX), turn a large
/// WTXM into a zero timeout, or never send R(NAK) when a card stays silent. APDUs are
/// counted from 1 in the order the card receives them, over the whole session.
public struct ISODEPCardMisbehaviour: Sendable, Hashable {
    /// What the card does with S(DESELECT).
    public enum Deselect: Sendable, Hashable {
        /// Answers it at once, as the standard says.
        case answer
        /// Stays silent: the reader must give up after its deselect timeout.
        case ignore
        /// Answers it after `Duration` (past the reader's waiting time if that is longer).
        case delay(Duration)
    }

    /// S(WTX) requests sent, one after the other (each once the reader granted the one
    /// before), before the answer to each APDU `wtxOn` picks: their WTXM, which may be
    /// outside 1…59 on purpose (0, 60).
    public var wtxRequests: [UInt8]
    /// The APDUs the WTX requests come before (nil: every one).
    public var wtxOn: Set<Int>?
    /// APDUs whose last block the card does not answer the first time it arrives: the reader
    /// must send R(NAK) (or repeat its block) and gets the answer then.
    public var silentOnce: Set<Int>
    /// APDUs the card answers only after the frame waiting time is over, without asking
    /// for more time: the reader must treat the card as silent.
    public var answerAfterWaitingTime: Set<Int>
    /// APDUs whose (first) answer block goes on the air once with wrong CRC_A bytes, as a
    /// block hit by noise arrives: the reader must take it as a transmission error, send
    /// R(NAK) and gets the block intact then (ISO/IEC 14443-4 §7.5.4 rule 4). The damaged
    /// block costs three register round trips to the chip before it goes out (CIU_TxMode
    /// read, CRC off, back on): a card of very short FWT answers it late as well.
    public var wrongCRCOnce: Set<Int>
    /// The card leaves the field once it has sent this many I-blocks with the chaining bit
    /// set (counted over the session): in the middle of a chained answer it answers nothing
    /// more, as a card carried away (its session ignores the reader until the reader lets
    /// go or the tag is taken out of the field). nil: it stays.
    public var leavesFieldAfterChainingBlocks: Int?
    /// The card leaves the field, as `leavesFieldAfterChainingBlocks` does, once it has sent
    /// the first part of its `n`-th chained answer (answers counted over the session), so
    /// that the departure falls in the same answer however many parts each answer has.
    public var leavesFieldInChainedAnswer: Int?
    /// The most INF bytes the card puts in one I-block of an answer, below what the reader's
    /// FSD allows: a longer answer is chained in parts of this size. ISO/IEC 14443-4 only
    /// bounds a chained part by FSD, so this is lawful; it lets a case have the card chain
    /// whatever a reader asks for (a READ BINARY of 240 bytes fits one block of FSD 256).
    /// nil: parts as large as FSD allows.
    public var answerPartLimit: Int?
    /// The card withholds once the part of a chained answer this R(ACK) of the reader's asks
    /// for, counted over the session (1: the part after the first): the reader must send
    /// R(ACK) again (ISO/IEC 14443-4 rule 5) and gets the part then (rule 11).
    public var silentOnceOnAcknowledgement: Int?
    /// S(WTX) requests the card sends in answer to the reader's R(ACK) for a part of a
    /// chained answer, in place of that part, by the R(ACK)'s count over the session (1: the
    /// one asking for the second part), each with its WTXM: the part follows the grant. ISO/IEC
    /// 14443-4 lets a card ask for time whenever it holds the token; a reader that tests only
    /// the chaining bit (nfcpy 1.0.4) takes the S(WTX) for a part of the answer.
    public var wtxOnAcknowledgement: [Int: UInt8]
    /// S(DESELECT) handling.
    public var deselect: Deselect

    /// A card that misbehaves in the ways given; by default in none.
    public init(
        wtxRequests: [UInt8] = [], wtxOn: Set<Int>? = nil, silentOnce: Set<Int> = [],
        answerAfterWaitingTime: Set<Int> = [], wrongCRCOnce: Set<Int> = [],
        leavesFieldAfterChainingBlocks: Int? = nil, leavesFieldInChainedAnswer: Int? = nil,
        answerPartLimit: Int? = nil, silentOnceOnAcknowledgement: Int? = nil,
        wtxOnAcknowledgement: [Int: UInt8] = [:], deselect: Deselect = .answer
    ) {
        self.wtxRequests = wtxRequests
        self.wtxOn = wtxOn
        self.silentOnce = silentOnce
        self.answerAfterWaitingTime = answerAfterWaitingTime
        self.wrongCRCOnce = wrongCRCOnce
        self.leavesFieldAfterChainingBlocks = leavesFieldAfterChainingBlocks
        self.leavesFieldInChainedAnswer = leavesFieldInChainedAnswer
        self.answerPartLimit = answerPartLimit
        self.silentOnceOnAcknowledgement = silentOnceOnAcknowledgement
        self.wtxOnAcknowledgement = wtxOnAcknowledgement
        self.deselect = deselect
    }

    /// A card that keeps every rule.
    public static let none = ISODEPCardMisbehaviour()

    /// The WTX requests due before the answer to APDU `number`.
    func wtxRequests(before number: Int) -> [UInt8] {
        guard wtxOn?.contains(number) ?? true else { return [] }
        return wtxRequests
    }
}
