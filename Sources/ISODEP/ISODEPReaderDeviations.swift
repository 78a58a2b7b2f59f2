/// Rules of ISO/IEC 14443-4 an `ISODEPReader` breaks on purpose, each the way a reader stack
/// shipped it, so that a conformance suite can be shown to catch the bug (nfcrig's
/// `--dut-fault`, issue 32). A reader keeps every rule by default.
public struct ISODEPReaderDeviations: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A chained command's parts carry FSC − 1 INF bytes: only the PCB is counted against the
    /// card's frame size, not the 2-byte CRC_A, so each frame is 2 bytes longer than FSC
    /// (nfcpy before nfcpy/nfcpy#211, issue nfcpy/nfcpy#210).
    public static let chainsWithoutCRC = ISODEPReaderDeviations(rawValue: 1 << 0)
    /// The chaining bit of the card's I-block is never looked at: the first part of a chained
    /// answer is taken for the whole answer, and the rest is never asked for with R(ACK)
    /// (RfidResearchGroup/ChameleonUltra#485: the reader tested the wrong PCB bit).
    public static let ignoresAnswerChaining = ISODEPReaderDeviations(rawValue: 1 << 1)
    /// After the ATS the first block goes at once, without the start-up frame guard time the
    /// card's SFGI asks for (nfcpy 1.0.4, whose `Type4ATag` never reads SFGI).
    public static let ignoresStartUpGuardTime = ISODEPReaderDeviations(rawValue: 1 << 2)
    /// An S(WTX) whose WTXM is out of 1…59 (0, 60–63: RFU) is granted like any other, its
    /// WTXM echoed (nfcpy 1.0.4's tt4.py times the wait as WTXM × FWT whatever WTXM is).
    public static let grantsAnyWaitingTimeExtension = ISODEPReaderDeviations(rawValue: 1 << 3)
    /// Retransmissions after a lost or damaged answer are `min(int(1 s / FWT), 5)`, not the
    /// configured number, so a card of FWT 1 s or more (FWI 12 and above) gets no R(NAK) and
    /// no repeated R(ACK) at all (nfcpy 1.0.4's tt4.py, `n_retry_nak = min(int(1/fwt), 5)`).
    public static let retriesScaledByWaitingTime = ISODEPReaderDeviations(rawValue: 1 << 4)
    /// A lost or damaged answer after a granted S(WTX) ends the exchange at once, without
    /// R(NAK) (nfcpy 1.0.4's tt4.py waits for the answer to its grant outside its retry loop).
    public static let noRetryAfterWaitingTimeExtension = ISODEPReaderDeviations(rawValue: 1 << 5)
    /// An S(WTX) that comes in answer to an R(ACK) in the card's chaining is taken for the
    /// next part of the answer: its INF byte (the WTXM) is added to the data and the reader
    /// asks for the part after it with R(ACK), never granting the request (nfcpy 1.0.4's
    /// tt4.py:143-175 tests only the chaining bit, which S(WTX)'s PCB F2 has set too).
    public static let takesWaitingTimeExtensionInChainForData = ISODEPReaderDeviations(
        rawValue: 1 << 6)
    /// The wait after granting S(WTX) is FWT × WTXM however long, not capped at FWTmax (the
    /// FWT of FWI 14, about 4.95 s): a card of FWI 14 asking WTXM 59 is waited for 292 s
    /// before R(NAK) (nfcpy 1.0.4's tt4.py:123 times the wait as WTXM × FWT).
    public static let uncappedWaitingTimeExtension = ISODEPReaderDeviations(rawValue: 1 << 7)
}
