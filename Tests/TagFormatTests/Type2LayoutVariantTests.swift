import NFCRigTestSupport
import Testing

@testable import TagFormat

/// Layout variants: each element where a reader's walk finds it, areas jumped over and
/// filled, lock bits and CC as asked, and hostile TLVs laid out as they are.
@Suite struct Type2LayoutVariantTests {
    static let uid = bytes("08 A1 B2 C3")
    static let message = bytes("D1 01 0B 55 04 6E 66 63 72 69 67 2E 64 65 76")

    @Test func controlAndNullTLVsComeBeforeTheMessageInTheOrderGiven() throws {
        let lock = try #require(Type2LockControl.defaultControl(dataAreaSize: 144))
        let layout = Type2LayoutVariant(
            elements: [.lockControl(lock), .null(count: 3), .message, .terminator])
        let image = try layout.image(uid: Self.uid, message: Self.message)
        #expect(image.count == 164)
        #expect(Array(image[12..<16]) == bytes("E1 10 12 00"))
        #expect(Array(image[16..<26]) == bytes("01 03 A0 0C 34 00 00 00 03 0F"))
        #expect(Array(image[26..<41]) == Self.message)
        #expect(image[41] == 0xFE)
        let walk = try Type2TagMemory(image: image).walk
        #expect(walk.tlvs.map(\.tag) == [.lockControl, .null, .null, .null, .ndefMessage])
        #expect(try Type2TagMemory.ndefMessage(in: image) == Self.message)
    }

    @Test func aReservedAreaInsideTheMessageIsJumpedOverAndHoldsTheFill() throws {
        let reserved = try #require(Type2MemoryControl(position: 28, size: 4))
        let layout = Type2LayoutVariant(
            dataAreaSize: 48, elements: [.memoryControl(reserved), .message, .terminator],
            reservedFill: 0xEE)
        let image = try layout.image(uid: Self.uid, message: Self.message)
        #expect(Array(image[28..<32]) == [0xEE, 0xEE, 0xEE, 0xEE])
        #expect(Array(image[21..<28]) == [0x03, 0x0F] + Self.message.prefix(5))
        #expect(try Type2TagMemory.ndefMessage(in: image) == Self.message)
    }

    @Test func whatFollowsTheLastElementHoldsTheTrailingFill() throws {
        let layout = Type2LayoutVariant(
            dataAreaSize: 48, elements: [.message], trailingFill: 0xA5)
        let image = try layout.image(uid: Self.uid, message: Self.message)
        #expect(image.count == 64)
        #expect(image[33...].allSatisfy { $0 == 0xA5 })
        #expect(try Type2TagMemory.ndefMessage(in: image) == Self.message)
    }

    @Test func aTLVMayAnnounceMoreBytesThanFollowAndTheWalkSaysWhere() throws {
        let layout = Type2LayoutVariant(
            dataAreaSize: 48, elements: [.tlv(tag: .ndefMessage, length: 0x40, value: Self.message)]
        )
        let image = try layout.image(uid: Self.uid, message: [])
        #expect(Array(image[16..<18]) == [0x03, 0x40])
        #expect(
            throws: Type2TagError.tlvValueOverrunsDataArea(
                offset: 17, tag: 0x03, length: 0x40, available: 46)
        ) { try Type2TagMemory(image: image) }
    }

    @Test func aTLVOf255BytesOrMoreTakesTheThreeByteLength() throws {
        let value = [UInt8](repeating: 0x77, count: 300)
        let layout = Type2LayoutVariant(
            dataAreaSize: 496, elements: [.tlv(.proprietary, value), .message, .terminator])
        let image = try layout.image(uid: Self.uid, message: Self.message)
        #expect(Array(image[16..<20]) == bytes("FD FF 01 2C"))
        #expect(try Type2TagMemory.ndefMessage(in: image) == Self.message)
    }

    @Test func theCCTakesTheVersionAndAccessAsked() throws {
        let layout = Type2LayoutVariant(
            version: 0x20, elements: [.message, .terminator], readOnlyAccess: true)
        let image = try layout.image(uid: Self.uid, message: Self.message)
        #expect(Array(image[12..<16]) == bytes("E1 20 12 0F"))
        #expect(throws: Type2TagError.unsupportedVersion(offset: 13, version: 0x20)) {
            try Type2TagMemory(image: image)
        }
    }

    @Test func lockBitsAreSetWhereAskedWithoutTheCCSayingReadOnly() throws {
        let statically = try Type2LayoutVariant(
            dataAreaSize: 48, elements: [.message], staticallyLocked: true
        ).image(uid: Self.uid, message: Self.message)
        #expect(Array(statically[10..<16]) == bytes("FF FF E1 10 06 00"))
        let dynamically = try Type2LayoutVariant(
            dataAreaSize: 888, elements: [.message], dynamicallyLocked: true
        ).image(uid: Self.uid, message: Self.message)
        let bits = try #require(Type2DynamicLockBits.defaultBits(dataAreaSize: 888))
        #expect(bits.area == 904..<918)
        #expect(dynamically.count == 920)
        #expect(Array(dynamically[bits.area]) == bits.allBitsSet)
        #expect(dynamically[10..<12] == [0, 0])
        #expect(dynamically[15] == 0)
    }

    @Test func elementsThatDoNotFitAreRefused() {
        let layout = Type2LayoutVariant(dataAreaSize: 8, elements: [.message])
        #expect(throws: Type2TagError.self) {
            try layout.image(uid: Self.uid, message: Self.message)
        }
    }

    @Test func staticLockBitsLockTheirBlocksAndTheBlockLockingBitsFreezeThem() {
        let locks = Type2StaticLockBytes(lock0: 0b0001_0010, lock1: 0b1000_0000)
        #expect((0...16).filter(locks.locks(block:)) == [4, 15])
        #expect(locks.frozen == Type2StaticLockBytes(lock0: 0xF0, lock1: 0x03))
        #expect((0...16).filter(Type2StaticLockBytes(lock0: 0x07, lock1: 0).locks(block:)) == [])
    }

    @Test func aDynamicLockBitLocksItsBytesFromBlock16OnButNotTheLockBytes() {
        let bits = Type2DynamicLockBits(position: 160, lockBitCount: 12, bytesLockedPerBit: 8)
        var memory = [UInt8](repeating: 0, count: 164)
        memory[160] = 0b0000_0010
        #expect(!bits.locks(address: 64, in: memory))
        #expect(bits.locks(address: 72, in: memory))
        #expect(bits.locks(address: 79, in: memory))
        #expect(!bits.locks(address: 80, in: memory))
        memory[161] = 0xFF
        #expect(!bits.locks(address: 160, in: memory))
        #expect(!bits.locks(address: 63, in: memory))
        // Lock bytes the memory does not reach lock nothing.
        #expect(!bits.locks(address: 72, in: Array(memory.prefix(100))))
        #expect(
            Type2StaticLockBytes.isLocked(address: 72, in: memory, dynamic: [bits])
                && !Type2StaticLockBytes.isLocked(address: 72, in: memory, dynamic: []))
    }

    @Test func rawBytesEndTheDataAreaAsATLVHeaderItsEndCuts() throws {
        let layout = Type2LayoutVariant(
            dataAreaSize: 48, elements: [.null(count: 46), .bytes([0x03, 0xFF])])
        let image = try layout.image(uid: Self.uid, message: Self.message)
        #expect(image.count == 64)
        #expect(Array(image[62..<64]) == bytes("03 FF"))
        #expect(throws: Type2TagError.tlvLengthTruncated(offset: 62, tag: 0x03)) {
            try Type2TagMemory(image: image)
        }
        let over = Type2LayoutVariant(
            dataAreaSize: 48, elements: [.null(count: 47), .bytes([0x03, 0xFF])])
        #expect(throws: Type2TagError.self) { try over.image(uid: Self.uid, message: []) }
    }
}
