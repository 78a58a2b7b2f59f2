/// What an ISO/IEC 14443-3 type A card shows a reader before any protocol above it: its
/// UID, SENS_RES (ATQA) and the SEL_RES (SAK) of its last cascade level.
public struct TypeAIdentity: Sendable, Hashable {
    /// The UID: 4, 7 or 10 bytes (single, double, triple size).
    public var uid: [UInt8]
    /// SENS_RES, as InListPassiveTarget reports it: high byte first (`00 44` for an NTAG),
    /// the reverse of the air order and of TgInitAsTarget's parameter.
    public var sensRes: [UInt8]
    /// SEL_RES of the final cascade level; bit 0x20 announces ISO/IEC 14443-4.
    public var selRes: UInt8

    /// Why an identity is not one a type A card can have.
    public enum Invalid: Error, Sendable, Hashable {
        /// The UID is not 4, 7 or 10 bytes.
        case uidLength(Int)
        /// SENS_RES is not 2 bytes.
        case sensResLength(Int)
        /// A 4-byte UID starting with the cascade tag 0x88 would be taken for a longer UID.
        case cascadeTagInUID
    }

    /// Creates an identity, checking the sizes ISO/IEC 14443-3 allows.
    public init(uid: [UInt8], sensRes: [UInt8], selRes: UInt8) throws(Invalid) {
        guard [4, 7, 10].contains(uid.count) else { throw .uidLength(uid.count) }
        guard sensRes.count == 2 else { throw .sensResLength(sensRes.count) }
        if uid.count == 4 && uid[0] == 0x88 { throw .cascadeTagInUID }
        self.uid = uid
        self.sensRes = sensRes
        self.selRes = selRes
    }

    /// Whether SEL_RES announces ISO/IEC 14443-4 (the reader then sends RATS).
    public var supportsISODEP: Bool { selRes & 0x20 != 0 }

    /// The UID CLn fields, one per cascade level, each 4 bytes as sent (CT 0x88 first on all
    /// but the last level), without BCC.
    public var cascadeLevels: [[UInt8]] {
        switch uid.count {
        case 4: [uid]
        case 7: [[0x88] + uid[0..<3], Array(uid[3..<7])]
        default: [[0x88] + uid[0..<3], [0x88] + uid[3..<6], Array(uid[6..<10])]
        }
    }
}
