import NFCRigTestSupport
import Testing

@testable import TagFormat

@Suite struct Type2StaticMemoryTests {
    static let uid = bytes("04 6F 3A 5A 2B 8C 80")

    @Test("BCC0 folds the cascade tag 88 into UID0-2, BCC1 is UID3 ^ ... ^ UID6")
    func blockCheckCharacters() throws {
        let memory = try Type2StaticMemory(uid: Self.uid)
        #expect(memory.bcc0 == 0xD9)
        #expect(memory.bcc1 == 0x7D)
        #expect(memory.encoded() == bytes("04 6F 3A D9  5A 2B 8C 80  7D 48 00 00"))
    }

    @Test("blocks 0-2 decode back to the UID, internal byte and lock bytes")
    func decodes() throws {
        let memory = try Type2StaticMemory(decoding: bytes("04 6F 3A D9 5A 2B 8C 80 7D 48 FF 0F"))
        #expect(memory.uid == Self.uid)
        #expect(memory.internalByte == 0x48)
        #expect(memory.lock0 == 0xFF && memory.lock1 == 0x0F)
    }

    @Test("a wrong BCC names its address and both values")
    func bccMismatch() {
        #expect(throws: Type2TagError.bccMismatch(offset: 3, expected: 0xD9, found: 0xD8)) {
            try Type2StaticMemory(decoding: bytes("04 6F 3A D8 5A 2B 8C 80 7D 48 00 00"))
        }
        #expect(throws: Type2TagError.bccMismatch(offset: 8, expected: 0x7D, found: 0x00)) {
            try Type2StaticMemory(decoding: bytes("04 6F 3A D9 5A 2B 8C 80 00 48 00 00"))
        }
        #expect(throws: Type2TagError.truncated(offset: 0, needed: 12, available: 4)) {
            try Type2StaticMemory(decoding: bytes("04 6F 3A D9"))
        }
    }

    @Test("a 4-byte emulated UID gets the XOR of its bytes as BCC")
    func fourByteUID() throws {
        let memory = try Type2StaticMemory(uid: bytes("08 12 34 56"))
        #expect(memory.encoded() == bytes("08 12 34 56  78 00 00 00  00 48 00 00"))
    }

    @Test("UIDs of other lengths are refused", arguments: [0, 3, 5, 10])
    func uidLengths(_ count: Int) {
        #expect(throws: Type2TagError.uidLength(count: count)) {
            try Type2StaticMemory(uid: Array(repeating: 1, count: count))
        }
    }
}

@Suite struct Type2CapabilityContainerTests {
    @Test(
        "NTAG213, NTAG215 and NTAG216 CCs give 144, 496 and 872 data bytes",
        arguments: [("E1 10 12 00", 144), ("E1 10 3E 00", 496), ("E1 10 6D 00", 872)])
    func realTags(_ hex: String, _ size: Int) throws {
        let cc = try Type2CapabilityContainer(decoding: bytes(hex))
        #expect(cc.dataAreaSize == size)
        #expect(cc.version == 0x10)
        #expect(cc.isReadable && cc.isWritable && !cc.isReadOnly)
        #expect(cc.encoded() == bytes(hex))
    }

    @Test("access 0F is read-only")
    func readOnly() throws {
        let cc = try Type2CapabilityContainer(decoding: bytes("E1 10 06 0F"))
        #expect(cc.isReadable && !cc.isWritable && cc.isReadOnly)
        #expect(cc.dataAreaSize == 48)
    }

    static let invalid: [(String, Type2TagError)] = [
        ("E1 10", .truncated(offset: 12, needed: 4, available: 2)),
        ("E2 10 12 00", .badMagic(offset: 12, value: 0xE2)),
        ("E1 20 12 00", .unsupportedVersion(offset: 13, version: 0x20)),
        ("E1 00 12 00", .unsupportedVersion(offset: 13, version: 0x00)),
        ("E1 10 00 00", .dataAreaSizeInvalid(offset: 14, size: 0)),
    ]

    @Test("broken CCs name the tag memory address", arguments: invalid)
    func rejects(_ hex: String, _ error: Type2TagError) {
        #expect(throws: error) { try Type2CapabilityContainer(decoding: bytes(hex)) }
        #expect(error.message.hasPrefix("address \(error.offset): "))
    }

    @Test("data area sizes must be multiples of 8 in 8...2040", arguments: [0, 7, 12, 2048])
    func sizes(_ size: Int) {
        #expect(throws: Type2TagError.dataAreaSizeInvalid(offset: 14, size: size)) {
            try Type2CapabilityContainer(dataAreaSize: size)
        }
    }
}
