/// Blocks 0–2 of a Type 2 Tag: UID, block check characters, internal byte, static lock bytes.
///
/// ```
/// 7-byte UID (the NFC Forum layout):  UID0 UID1 UID2 BCC0 | UID3 UID4 UID5 UID6 |
///                                     BCC1 INT  LOCK0 LOCK1
/// BCC0 = 88 ^ UID0 ^ UID1 ^ UID2 (88 is the cascade tag), BCC1 = UID3 ^ UID4 ^ UID5 ^ UID6
/// 4-byte UID (nfcrig's layout for a PN533 in target mode, whose UID is 08 xx xx xx; the
/// Forum leaves it to the manufacturer):  UID0-3 | BCC 00 00 00 | 00 INT LOCK0 LOCK1
/// with BCC = UID0 ^ UID1 ^ UID2 ^ UID3
/// ```
public struct Type2StaticMemory: Sendable, Hashable {
    /// The UID, 7 bytes (or 4 for an emulated tag).
    public let uid: [UInt8]
    /// The internal byte (NXP NTAG21x ship 48).
    public var internalByte: UInt8
    /// Static lock byte 0 (block 2, byte 2).
    public var lock0: UInt8
    /// Static lock byte 1 (block 2, byte 3).
    public var lock1: UInt8

    /// Creates the static blocks; throws unless the UID has 7 or 4 bytes.
    public init(uid: [UInt8], internalByte: UInt8 = 0x48, lock0: UInt8 = 0, lock1: UInt8 = 0)
        throws(Type2TagError)
    {
        guard uid.count == 7 || uid.count == 4 else { throw .uidLength(count: uid.count) }
        self.uid = uid
        self.internalByte = internalByte
        self.lock0 = lock0
        self.lock1 = lock1
    }

    /// The cascade tag ISO/IEC 14443-3 puts before the first three bytes of a 7-byte UID.
    public static let cascadeTag: UInt8 = 0x88

    /// BCC0 of a 7-byte UID: 88 ^ UID0 ^ UID1 ^ UID2 (for 4 bytes, the XOR of all four).
    public var bcc0: UInt8 {
        uid.count == 7 ? Self.cascadeTag ^ uid[0] ^ uid[1] ^ uid[2] : uid.reduce(0, ^)
    }

    /// BCC1 of a 7-byte UID: UID3 ^ UID4 ^ UID5 ^ UID6 (0 for a 4-byte UID).
    public var bcc1: UInt8 { uid.count == 7 ? uid[3] ^ uid[4] ^ uid[5] ^ uid[6] : 0 }

    /// The 12 bytes of blocks 0–2.
    public func encoded() -> [UInt8] {
        if uid.count == 7 {
            return Array(uid[0..<3]) + [bcc0] + Array(uid[3..<7])
                + [bcc1, internalByte, lock0, lock1]
        }
        return uid + [bcc0, 0, 0, 0] + [0, internalByte, lock0, lock1]
    }

    /// Decodes blocks 0–2 of a tag with a 7-byte UID, checking both BCCs.
    public init(decoding input: some Collection<UInt8>) throws(Type2TagError) {
        let bytes = Array(input.prefix(12))
        guard bytes.count == 12 else {
            throw .truncated(offset: 0, needed: 12, available: bytes.count)
        }
        try self.init(
            uid: Array(bytes[0..<3] + bytes[4..<8]), internalByte: bytes[9], lock0: bytes[10],
            lock1: bytes[11])
        guard bytes[3] == bcc0 else {
            throw .bccMismatch(offset: 3, expected: bcc0, found: bytes[3])
        }
        guard bytes[8] == bcc1 else {
            throw .bccMismatch(offset: 8, expected: bcc1, found: bytes[8])
        }
    }
}
