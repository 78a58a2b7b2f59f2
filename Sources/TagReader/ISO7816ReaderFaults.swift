/// Deliberate faults of the reference reader's ISO 7816 tag reader session (issue 24), each
/// a way reader stacks depart from CoreNFC's rules, for the `iso7816` suite to catch
/// (`--dut-fault`).
public struct ISO7816ReaderFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `no-aid-fallback`: only the first registered AID is selected at discovery; a card
    /// that refuses it is not offered as an ISO 7816 tag even when it has the second.
    public static let noAIDFallback = ISO7816ReaderFaults(rawValue: 1 << 0)
    /// `selects-any-aid`: a SELECT by name of an AID outside the session's list goes to the
    /// card instead of failing with a security violation.
    public static let selectsAnyAID = ISO7816ReaderFaults(rawValue: 1 << 1)
    /// `status-word-errors`: an answer whose status word is not 9000 comes back as a tag
    /// response error, without its data or SW (nfcpy's `send_apdu` does so unless told
    /// `check_status=False`).
    public static let statusWordErrors = ISO7816ReaderFaults(rawValue: 1 << 2)
    /// `automatic-get-response`: the reader answers 61XX with GET RESPONSE itself and joins
    /// the parts, as a T=0 transport layer does (ISO/IEC 7816-3 §10.3.4); CoreNFC hands the
    /// app the card's answer as it came.
    public static let automaticGetResponse = ISO7816ReaderFaults(rawValue: 1 << 3)
    /// `short-apdus-only`: commands with extended length fields are refused with
    /// `readerTransceiveErrorPacketTooLong`, whatever the card takes.
    public static let shortAPDUsOnly = ISO7816ReaderFaults(rawValue: 1 << 4)
    /// `stale-answer-after-loss`: when the card is gone, the reader hands back its last
    /// answer instead of an error.
    public static let staleAnswerAfterLoss = ISO7816ReaderFaults(rawValue: 1 << 5)
    /// `zero-le-as-absent`: a command whose Le is all zeros (00 short, 0000 extended: Ne
    /// 256 or 65 536, the most the card may answer) goes to the card without Le, as code
    /// does that takes Ne 0 for "no Le" (javax.smartcardio's `CommandAPDU` writes no Le for
    /// ne 0 and Le 00 only for ne 256); ISO/IEC 7816-4 §5.1 makes the command a case 1 or 3
    /// that asks for no answer data.
    public static let zeroLeAsAbsent = ISO7816ReaderFaults(rawValue: 1 << 6)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: ISO7816ReaderFaults)] = [
        ("no-aid-fallback", .noAIDFallback), ("selects-any-aid", .selectsAnyAID),
        ("status-word-errors", .statusWordErrors),
        ("automatic-get-response", .automaticGetResponse),
        ("short-apdus-only", .shortAPDUsOnly), ("stale-answer-after-loss", .staleAnswerAfterLoss),
        ("zero-le-as-absent", .zeroLeAsAbsent),
    ]
}
