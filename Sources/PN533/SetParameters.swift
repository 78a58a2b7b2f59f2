/// SetParameters (12) flags: what the firmware does on its own.
public struct PN533Parameters: OptionSet, Sendable, Hashable {
    /// The flags byte.
    public var rawValue: UInt8
    /// Creates flags from the raw byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// fNADUsed: use a NAD in initiator DEP frames.
    public static let nadUsed = PN533Parameters(rawValue: 0x01)
    /// fDIDUsed: use a DID in initiator DEP frames.
    public static let didUsed = PN533Parameters(rawValue: 0x02)
    /// fAutomaticATR_RES: the target answers ATR_REQ itself.
    public static let automaticATRResponse = PN533Parameters(rawValue: 0x04)
    /// fAutomaticRATS: the initiator sends RATS to ISO/IEC 14443-4 cards during
    /// InListPassiveTarget and reports their ATS.
    public static let automaticRATS = PN533Parameters(rawValue: 0x10)
    /// PN533: NFC Secure (on a PN532 the same bit makes it an ISO/IEC 14443-4 PICC).
    public static let nfcSecure = PN533Parameters(rawValue: 0x20)

    /// The request: the flags byte. The response is empty.
    public var request: PN533Request { PN533Request(.setParameters, [rawValue]) }
}
