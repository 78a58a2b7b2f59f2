import NFCRigTestSupport
import Testing

@testable import TagFormat

@Suite struct Type2TLVTests {
    @Test("lengths up to FE take one byte, from FF three (FF hi lo)")
    func lengths() {
        #expect(Type2TLV(tag: .ndefMessage, value: []).encoded() == bytes("03 00"))
        let short = Type2TLV(tag: .ndefMessage, value: Array(repeating: 0xAA, count: 254)).encoded()
        #expect(Array(short.prefix(2)) == bytes("03 FE") && short.count == 256)
        let long = Type2TLV(tag: .ndefMessage, value: Array(repeating: 0xAA, count: 255)).encoded()
        #expect(Array(long.prefix(4)) == bytes("03 FF 00 FF") && long.count == 259)
        #expect(Type2TLV(tag: .null).encoded() == [0x00])
        #expect(Type2TLV(tag: .terminator).encoded() == [0xFE])
    }

    @Test("tags have the specification's names")
    func names() {
        #expect(Type2TLVTag.lockControl.name == "Lock Control")
        #expect(Type2TLVTag.proprietary.name == "Proprietary")
        #expect(Type2TLVTag(rawValue: 0x42).name == "RFU 42")
    }

    @Test("NTAG213's Lock Control TLV A0 0C 34 puts 12 lock bits at address 160")
    func ntag213LockControl() {
        let lock = Type2LockControl(value: bytes("A0 0C 34"))
        let bits = lock.lockBits
        #expect(bits.position == 160)
        #expect(bits.lockBitCount == 12 && bits.byteCount == 2)
        #expect(bits.bytesLockedPerBit == 8)
        #expect(bits.area == 160..<162)
        #expect(bits.allBitsSet == bytes("FF 0F"))
        #expect(Type2LockControl.defaultControl(dataAreaSize: 144) == lock)
        #expect(lock.value == bytes("A0 0C 34"))
    }

    @Test(
        "default dynamic lock bits follow the data area, one bit per 8 bytes beyond 48",
        arguments: [(48, nil), (56, 1), (144, 12), (496, 56), (872, 103), (2040, 249)]
            as [(Int, Int?)])
    func defaultLockBits(_ size: Int, _ bits: Int?) {
        let lock = Type2DynamicLockBits.defaultBits(dataAreaSize: size)
        #expect(lock?.lockBitCount == bits)
        if let lock {
            #expect(lock.position == 16 + size)
            #expect(lock.byteCount == (bits! + 7) / 8)
            if let control = Type2LockControl(lockBits: lock) {
                #expect(control.lockBits == lock)
                #expect(Type2LockControl(value: control.value) == control)
            }
        }
    }

    @Test("a lock bit count of 00 means 256, and a memory size of 00 means 256")
    func zeroMeans256() {
        #expect(Type2LockControl(value: bytes("A0 00 34")).lockBits.byteCount == 32)
        let memory = Type2MemoryControl(value: bytes("28 00 F4"))
        #expect(memory.size == 256)
        #expect(memory.area == 40..<296)
        #expect(memory.value == bytes("28 00 04"))
    }

    @Test("positions are encoded with the smallest page size whose nibbles reach them")
    func encodesPositions() throws {
        let near = try #require(Type2MemoryControl(position: 20, size: 4))
        #expect(near.value == bytes("F5 04 00"))
        let far = try #require(Type2MemoryControl(position: 1030, size: 4))
        #expect(far.area.lowerBound == 1030 && far.value == bytes("86 04 07"))
        #expect(Type2MemoryControl(position: 1000, size: 4) == nil)
        #expect(Type2LockControl.defaultControl(dataAreaSize: 872) == nil)
        #expect(Type2MemoryControl(position: 20, size: 0) == nil)
        #expect(
            Type2LockControl(
                lockBits: Type2DynamicLockBits(
                    position: 160, lockBitCount: 12, bytesLockedPerBit: 6))
                == nil)
        #expect(Type2MemoryControl(position: 600_000, size: 1) == nil)
    }
}
