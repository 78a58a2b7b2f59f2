/// The value of a Lock Control TLV (`01 03 PA BL BB`): where the dynamic lock bits are and
/// how much each locks.
///
/// ```
/// byte 0  high nibble: page address, low nibble: byte offset
/// byte 1  number of dynamic lock bits (00 means 256)
/// byte 2  high nibble: log2(bytes locked per lock bit), low nibble: log2(bytes per page)
/// position = page address * 2^(bytes-per-page nibble) + byte offset   (tag memory address)
/// size     = ceil(lock bits / 8) bytes
/// ```
public struct Type2LockControl: Sendable, Hashable {
    /// Where the lock bytes start.
    public var address: Type2PageAddress
    /// How many dynamic lock bits there are (1...256).
    public var lockBitCount: Int
    /// log2 of the bytes each lock bit locks.
    public var bytesLockedPerBitExponent: UInt8

    /// Decodes a 3-byte TLV value (the parser checked the length).
    public init(value: [UInt8]) {
        address = Type2PageAddress(byte: value[0], bytesPerPageExponent: value[2])
        lockBitCount = value[1] == 0 ? 256 : Int(value[1])
        bytesLockedPerBitExponent = value[2] >> 4
    }

    /// Describes lock bits in a TLV; nil when the nibbles cannot reach their position, the
    /// count is outside 1...256 or the bytes per bit are not a power of two up to 2^15.
    public init?(lockBits: Type2DynamicLockBits) {
        let perBit = lockBits.bytesLockedPerBit
        guard (1...256).contains(lockBits.lockBitCount), perBit > 0,
            perBit.nonzeroBitCount == 1, perBit <= 1 << 15,
            let address = Type2PageAddress(position: lockBits.position)
        else { return nil }
        self.address = address
        lockBitCount = lockBits.lockBitCount
        bytesLockedPerBitExponent = UInt8(perBit.trailingZeroBitCount)
    }

    /// A TLV declaring the default lock bits of a data area (what NTAG213 ships with), or nil
    /// when there are none or the TLV cannot reach them.
    public static func defaultControl(dataAreaSize: Int) -> Type2LockControl? {
        Type2DynamicLockBits.defaultBits(dataAreaSize: dataAreaSize).flatMap(Self.init(lockBits:))
    }

    /// The lock bits this TLV declares.
    public var lockBits: Type2DynamicLockBits {
        Type2DynamicLockBits(
            position: address.position, lockBitCount: lockBitCount,
            bytesLockedPerBit: 1 << Int(bytesLockedPerBitExponent))
    }

    /// The 3-byte TLV value.
    public var value: [UInt8] {
        [
            address.byte, UInt8(truncatingIfNeeded: lockBitCount),
            bytesLockedPerBitExponent << 4 | address.bytesPerPageExponent,
        ]
    }
}
