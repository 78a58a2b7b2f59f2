/// A type A target InListPassiveTarget found at 106 kbps.
public struct PassiveTarget: Sendable, Hashable {
    /// The baud rates a type A target can be listed at.
    public enum BaudRate: Sendable, Hashable {
        /// 106 kbps, the only type A rate InListPassiveTarget polls at.
        case kbps106
    }

    /// Logical target number the chip assigned (1 or 2), used by later commands.
    public var tg: UInt8
    /// SENS_RES (ATQA), 2 bytes as on the wire.
    public var sensRes: [UInt8]
    /// SEL_RES (SAK).
    public var selRes: UInt8
    /// NFCID1 (UID), 4, 7 or 10 bytes.
    public var nfcid: [UInt8]
    /// The ATS, its length byte first, when the chip sent RATS (fAutomaticRATS, ISO/IEC 14443-4
    /// card).
    public var ats: [UInt8]?

    /// A target from its fields.
    public init(tg: UInt8, sensRes: [UInt8], selRes: UInt8, nfcid: [UInt8], ats: [UInt8]? = nil) {
        self.tg = tg
        self.sensRes = sensRes
        self.selRes = selRes
        self.nfcid = nfcid
        self.ats = ats
    }

    /// SEL_RES bit 6 (20): the card speaks ISO/IEC 14443-4.
    public var supportsISODEP: Bool { selRes & 0x20 != 0 }
}
