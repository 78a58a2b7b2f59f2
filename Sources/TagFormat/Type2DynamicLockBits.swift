/// Where a Type 2 Tag keeps its dynamic lock bits, how many there are, and how much each
/// locks; from a Lock Control TLV or, without one, the default.
///
/// The default for a data area above 48 bytes: right after the data area, ceil((size - 48)
/// / 8) bits of 8 bytes each. The default need not be expressible as a Lock Control TLV
/// (NTAG216's, at address 888, is not).
public struct Type2DynamicLockBits: Sendable, Hashable {
    /// The tag memory address of the first lock byte.
    public var position: Int
    /// How many dynamic lock bits there are.
    public var lockBitCount: Int
    /// How many bytes each lock bit locks.
    public var bytesLockedPerBit: Int

    /// Creates a description of lock bits.
    public init(position: Int, lockBitCount: Int, bytesLockedPerBit: Int) {
        self.position = position
        self.lockBitCount = lockBitCount
        self.bytesLockedPerBit = bytesLockedPerBit
    }

    /// The default lock bits of a data area, or nil for a static tag (48 bytes or fewer).
    public static func defaultBits(dataAreaSize: Int) -> Type2DynamicLockBits? {
        let extra = dataAreaSize - Type2Tag.staticDataAreaSize
        guard extra > 0 else { return nil }
        let perBit = Type2Tag.defaultBytesLockedPerLockBit
        return Type2DynamicLockBits(
            position: Type2Tag.dataAreaOffset + dataAreaSize,
            lockBitCount: (extra + perBit - 1) / perBit, bytesLockedPerBit: perBit)
    }

    /// How many bytes hold the lock bits.
    public var byteCount: Int { (lockBitCount + 7) / 8 }
    /// The lock bytes' tag memory addresses.
    public var area: Range<Int> { position..<position + byteCount }

    /// The first address dynamic lock bits lock: block 16, right after the static area,
    /// whose blocks the static lock bytes lock (T2T 1.1 §2.2.2).
    public static let firstLockedAddress = Type2Tag.dataAreaOffset + Type2Tag.staticDataAreaSize

    /// Whether a lock bit set in `memory` (tag memory from block 0) makes `address` read-only.
    /// Lock bits lock `bytesLockedPerBit` bytes each from block 16 on; the lock bytes
    /// themselves, and lock bytes `memory` does not reach, lock nothing.
    public func locks(address: Int, in memory: [UInt8]) -> Bool {
        guard address >= Self.firstLockedAddress, !area.contains(address) else { return false }
        let bit = (address - Self.firstLockedAddress) / bytesLockedPerBit
        guard bit < lockBitCount, position + bit / 8 < memory.count else { return false }
        return memory[position + bit / 8] & (1 << UInt8(bit % 8)) != 0
    }

    /// The lock bytes with every lock bit set, the unused high bits of the last byte clear.
    public var allBitsSet: [UInt8] {
        (0..<byteCount).map { index in
            let bits = min(8, lockBitCount - index * 8)
            return bits == 8 ? 0xFF : UInt8((1 << bits) - 1)
        }
    }
}
