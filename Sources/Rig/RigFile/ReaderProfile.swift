/// Whose rules a rig judges its reader by, where the references disagree on how a reader
/// must react to the same tag or fault (issue 22): reader stacks carry such modes (ST's
/// RFAL, NXP's reader library: NFC Forum, ISO, EMVCo) for the same reason.
public enum ReaderProfile: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The NFC Forum's tag operation and activity specifications (the default).
    case nfcForum = "nfc-forum"
    /// ISO/IEC 14443 (and 7816-4) alone, as a reader that is not an NFC Forum device reads.
    case iso14443
    /// Apple's CoreNFC, as an iPhone's reader sessions behave.
    case coreNFC = "corenfc"

    public var description: String { rawValue }
}
