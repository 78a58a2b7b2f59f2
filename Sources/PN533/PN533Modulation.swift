/// BrTy, the baud rate and modulation InListPassiveTarget polls with.
public enum PN533Modulation: UInt8, Sendable, Hashable, CaseIterable {
    /// 106 kbps type A (ISO/IEC 14443-A, MIFARE, NFC-A).
    case typeA106 = 0x00
    /// 212 kbps FeliCa polling.
    case felica212 = 0x01
    /// 424 kbps FeliCa polling.
    case felica424 = 0x02
    /// 106 kbps type B (ISO/IEC 14443-3B).
    case typeB106 = 0x03
    /// 106 kbps Innovision Jewel (Type 1 tag).
    case jewel106 = 0x04
    /// 212 kbps type B.
    case typeB212 = 0x06
    /// 424 kbps type B.
    case typeB424 = 0x07
    /// 847 kbps type B.
    case typeB847 = 0x08
}
