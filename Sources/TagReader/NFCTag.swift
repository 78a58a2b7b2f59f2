import PN533

/// A tag the reader found: the target the chip listed and what it was classified as.
public struct NFCTag: Sendable, Hashable {
    /// The target as InListPassiveTarget reported it (Tg, SENS_RES, SEL_RES, NFCID1, ATS).
    public var target: PassiveTarget
    /// The tag type, decided once when the tag was found.
    public var type: NFCTagType

    /// A tag from a listed target, classified by `NFCTagType(classifying:)`.
    public init(target: PassiveTarget) {
        self.target = target
        type = NFCTagType(classifying: target)
    }

    /// The UID (NFCID1).
    public var identifier: [UInt8] { target.nfcid }
}
