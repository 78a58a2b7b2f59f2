/// NFC Forum Type 2 Tag constants (T2T operation specification, DESIGN §4).
///
/// Memory is addressed in 4-byte blocks: blocks 0–2 hold the UID, BCCs, an internal byte and
/// the static lock bytes, block 3 the capability container, and the data area of TLVs
/// starts at block 4 (byte 16).
public enum Type2Tag {
    /// Bytes per block.
    public static let blockSize = 4
    /// READ: `30 block`, answered with 16 bytes (4 blocks).
    public static let readCommand: UInt8 = 0x30
    /// Bytes one READ returns.
    public static let readResponseLength = 16
    /// WRITE: `A2 block b0 b1 b2 b3`.
    public static let writeCommand: UInt8 = 0xA2
    /// The 4-bit ACK; any other 4-bit answer is a NAK.
    public static let ack: UInt8 = 0x0A
    /// Byte address of the capability container (block 3).
    public static let capabilityContainerOffset = 12
    /// Byte address where the data area starts (block 4).
    public static let dataAreaOffset = 16
    /// The data area of a static-memory tag (64 bytes of memory); larger tags have dynamic
    /// lock bits.
    public static let staticDataAreaSize = 48
    /// The largest data area a CC can announce (size byte FF times 8).
    public static let maximumDataAreaSize = 255 * 8
    /// The largest NDEF message length a 3-byte TLV length carries (FFFF is RFU).
    public static let maximumTLVLength = 0xFFFE
    /// Bytes each default dynamic lock bit locks.
    public static let defaultBytesLockedPerLockBit = 8
}
