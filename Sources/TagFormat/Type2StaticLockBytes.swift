/// The static lock bytes of a Type 2 Tag, bytes 2 and 3 of block 2 (T2T 1.1 §2.1.2): each
/// lock bit makes one block read-only for good.
///
/// ```
/// lock byte 0  bits 7–3: blocks 7–3 (bit 3 the CC)   bits 2–0: block-locking bits, which
///              freeze the lock bits of blocks 10–15, 4–9 and 3 (the CC)
/// lock byte 1  bits 7–0: blocks 15–8
/// ```
public struct Type2StaticLockBytes: Sendable, Hashable {
    /// Lock byte 0 (address 10).
    public var lock0: UInt8
    /// Lock byte 1 (address 11).
    public var lock1: UInt8

    /// Lock bytes as given.
    public init(lock0: UInt8, lock1: UInt8) {
        self.lock0 = lock0
        self.lock1 = lock1
    }

    /// The lock bytes of tag memory read from block 0 (at least 12 bytes).
    public init(memory: [UInt8]) {
        self.init(lock0: memory[10], lock1: memory[11])
    }

    /// Whether a lock bit makes `block` read-only (only blocks 3–15 have one).
    public func locks(block: Int) -> Bool {
        switch block {
        case 3...7: lock0 & (1 << UInt8(block)) != 0
        case 8...15: lock1 & (1 << UInt8(block - 8)) != 0
        default: false
        }
    }

    /// The lock bits the block-locking bits freeze (bit 0 the CC's lock bit, bit 1 those of
    /// blocks 4–9, bit 2 those of blocks 10–15): a write can no longer set them.
    public var frozen: Type2StaticLockBytes {
        var frozen = Type2StaticLockBytes(lock0: 0, lock1: 0)
        if lock0 & 0x01 != 0 { frozen.lock0 |= 0x08 }
        if lock0 & 0x02 != 0 {
            frozen.lock0 |= 0xF0
            frozen.lock1 |= 0x03
        }
        if lock0 & 0x04 != 0 { frozen.lock1 |= 0xFC }
        return frozen
    }
}

extension Type2StaticLockBytes {
    /// Whether `address` of `memory` (tag memory from block 0) is read-only: its block's
    /// static lock bit or a dynamic lock bit of `dynamic` is set. An emulator refuses a WRITE
    /// and a reader reports a tag read-only by this one rule.
    public static func isLocked(
        address: Int, in memory: [UInt8], dynamic: [Type2DynamicLockBits]
    ) -> Bool {
        Type2StaticLockBytes(memory: memory).locks(block: address / Type2Tag.blockSize)
            || dynamic.contains { $0.locks(address: address, in: memory) }
    }
}
