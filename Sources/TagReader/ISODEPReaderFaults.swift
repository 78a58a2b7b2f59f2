import ISODEP
import PN533

/// Deliberate faults of ISO-DEP run by the reader's host (issue 32), each one bug reader
/// stacks shipped in their own ISO/IEC 14443-4, for the `isodep-errors` cases to catch
/// (`--dut-fault`). Each puts the host's ISO-DEP (over InCommunicateThru) in the chip's
/// place, as `ignores-wtx` does, and breaks it in one way.
public struct ISODEPReaderFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `chains-within-fsc-minus-1`: a chained command's parts carry FSC − 1 INF bytes, the
    /// CRC_A not counted (nfcpy before nfcpy/nfcpy#211, issue nfcpy/nfcpy#210).
    public static let chainsWithinFSCMinusOne = ISODEPReaderFaults(rawValue: 1 << 0)
    /// `ignores-answer-chaining`: the first part of a card's chained answer is taken for the
    /// whole answer (RfidResearchGroup/ChameleonUltra#485).
    public static let ignoresAnswerChaining = ISODEPReaderFaults(rawValue: 1 << 1)
    /// `ignores-sfgi`: the host activates ISO-DEP itself (RATS over InCommunicateThru, the
    /// chip's fAutomaticRATS off), as nfcpy does, and sends its first block right after the
    /// ATS, without the start-up frame guard time SFGI asks for (nfcpy 1.0.4).
    public static let ignoresSFGI = ISODEPReaderFaults(rawValue: 1 << 2)
    /// `fixed-ats-offsets`: FSCI and FWI are read from the ATS at fixed offsets (T0 and
    /// TB(1) as though TA(1) were always there), whatever T0's presence bits say, so an ATS
    /// without interface bytes is an error, and one without TA(1) has its FWI read from the
    /// byte after TB(1) (nfcpy 1.0.4's tt4.py:517 reads `rats_res[3]`, and raises IndexError
    /// when the ATS is shorter).
    public static let fixedATSOffsets = ISODEPReaderFaults(rawValue: 1 << 3)
    /// `grants-any-wtxm`: an S(WTX) with a WTXM out of 1…59 (0, 60–63: RFU) is granted, its
    /// WTXM echoed, as nfcpy 1.0.4's tt4.py does.
    public static let grantsAnyWTXM = ISODEPReaderFaults(rawValue: 1 << 4)
    /// `needs-deselect-answer`: each ISO-DEP card listed while tags are counted is deselected
    /// with the host's own S(DESELECT), and a card that does not answer it fails the poll, as
    /// Android's stack did with a card emulation that ignored S(DESELECT)
    /// (dev-zzo/ChameleonMini#10).
    public static let needsDeselectAnswer = ISODEPReaderFaults(rawValue: 1 << 5)
    /// `no-retry-at-long-fwt`: a lost or damaged answer is asked for again `min(int(1/FWT),
    /// 5)` times, so never from a card of FWT 1 s or more (FWI 12 and above), as nfcpy
    /// 1.0.4's tt4.py counts its retries (`n_retry_nak`, `n_retry_ack`).
    public static let noRetryAtLongFWT = ISODEPReaderFaults(rawValue: 1 << 6)
    /// `no-retry-after-wtx`: a lost answer after a granted S(WTX) ends the exchange without
    /// R(NAK), as nfcpy 1.0.4's tt4.py waits for it outside its retry loop.
    public static let noRetryAfterWTX = ISODEPReaderFaults(rawValue: 1 << 7)
    /// `wtx-in-chain-as-data`: an S(WTX) in answer to an R(ACK) in the card's chaining is
    /// taken for a part of the answer, its WTXM byte added to the data, and never granted
    /// (nfcpy 1.0.4's tt4.py:143-175 tests only the chaining bit, which S(WTX) has too).
    public static let wtxInChainAsData = ISODEPReaderFaults(rawValue: 1 << 8)
    /// `uncapped-wtx-wait`: after granting S(WTX) the reader waits FWT × WTXM however long,
    /// not capped at FWTmax, so a card of FWI 14 asking WTXM 59 is waited for 292 s before
    /// R(NAK) (nfcpy 1.0.4's tt4.py:123).
    public static let uncappedWTXWait = ISODEPReaderFaults(rawValue: 1 << 9)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: ISODEPReaderFaults)] = [
        ("chains-within-fsc-minus-1", .chainsWithinFSCMinusOne),
        ("ignores-answer-chaining", .ignoresAnswerChaining), ("ignores-sfgi", .ignoresSFGI),
        ("fixed-ats-offsets", .fixedATSOffsets), ("grants-any-wtxm", .grantsAnyWTXM),
        ("needs-deselect-answer", .needsDeselectAnswer),
        ("no-retry-at-long-fwt", .noRetryAtLongFWT),
        ("no-retry-after-wtx", .noRetryAfterWTX), ("wtx-in-chain-as-data", .wtxInChainAsData),
        ("uncapped-wtx-wait", .uncappedWTXWait),
    ]

    /// `configuration` broken as these faults say.
    func apply(to configuration: inout ISODEPReaderConfiguration) {
        if contains(.chainsWithinFSCMinusOne) { configuration.deviations.insert(.chainsWithoutCRC) }
        if contains(.ignoresAnswerChaining) {
            configuration.deviations.insert(.ignoresAnswerChaining)
        }
        if contains(.ignoresSFGI) { configuration.deviations.insert(.ignoresStartUpGuardTime) }
        if contains(.grantsAnyWTXM) {
            configuration.deviations.insert(.grantsAnyWaitingTimeExtension)
        }
        if contains(.noRetryAtLongFWT) {
            configuration.deviations.insert(.retriesScaledByWaitingTime)
        }
        if contains(.noRetryAfterWTX) {
            configuration.deviations.insert(.noRetryAfterWaitingTimeExtension)
        }
        if contains(.wtxInChainAsData) {
            configuration.deviations.insert(.takesWaitingTimeExtensionInChainForData)
        }
        if contains(.uncappedWTXWait) {
            configuration.deviations.insert(.uncappedWaitingTimeExtension)
        }
    }

    /// The ATS as the reader understands `bytes`: decoded by its presence bits, or with
    /// `fixed-ats-offsets` FSCI from T0 and TA(1), TB(1), TC(1) taken from offsets 2 to 4
    /// whatever T0 says.
    func ats(_ bytes: [UInt8]) throws(ISODEPError) -> ATS {
        guard contains(.fixedATSOffsets) else {
            do throws(ATSError) {
                return try ATS(bytes: bytes)
            } catch {
                throw .invalidATS(bytes: bytes, error: error)
            }
        }
        // nfcpy: `fsci, fwti = rats_res[1] & 0x0F, rats_res[3] >> 4`.
        guard bytes.count > 3 else {
            throw .invalidATS(bytes: bytes, error: .truncated(field: "TB(1)", offset: 3))
        }
        return ATS(
            fsci: bytes[1] & 0x0F, ta: bytes[2], tb: bytes[3],
            tc: bytes.count > 4 ? bytes[4] : nil, historicalBytes: Array(bytes.dropFirst(5)))
    }
}
