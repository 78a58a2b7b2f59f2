import PN533

/// The NFC Forum tag type a listed target is read as.
///
/// This is the one place that decides it (nfcpy's `activate()`), from what anticollision and
/// RATS showed: an ISO-DEP card that sent an ATS is a Type 4 Tag; SEL_RES 00 with a MIFARE
/// Ultralight / NTAG SENS_RES (0044, 7-byte UID; 0004, the 4-byte UID a PN533 emulates, as
/// libnfc's Type 2 emulator uses) is a Type 2 Tag; anything else is not supported.
public enum NFCTagType: String, Sendable, Hashable, CaseIterable {
    /// NFC Forum Type 2 Tag (READ 30 / WRITE A2, TLVs in 4-byte blocks).
    case type2
    /// NFC Forum Type 4 Tag (ISO-DEP, NDEF application, CC and NDEF files).
    case type4
    /// A card the reader has no NDEF procedures for.
    case unsupported

    /// SENS_RES values, in the order the PN533 reports them, of Type 2 tags.
    public static let type2SensRes: Set<[UInt8]> = [[0x00, 0x44], [0x00, 0x04]]

    /// Classifies a target InListPassiveTarget found.
    public init(classifying target: PassiveTarget) {
        if target.supportsISODEP, target.ats != nil {
            self = .type4
        } else if target.selRes == 0x00, Self.type2SensRes.contains(target.sensRes) {
            self = .type2
        } else {
            self = .unsupported
        }
    }
}
