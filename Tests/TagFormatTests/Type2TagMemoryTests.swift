import NFCRigTestSupport
import SeededRandom
import Testing

@testable import TagFormat

@Suite struct Type2TagMemoryTests {
    static let uid = bytes("04 6F 3A 5A 2B 8C 80")
    static let uriMessage = bytes("D1 01 0B 55 04 6E 66 63 72 69 67 2E 64 65 76")

    @Test("an NTAG213-like image has NXP's factory layout and holds 137 bytes")
    func ntag213Image() throws {
        let memory = try Type2TagMemory(
            uid: Self.uid, dataAreaSize: 144,
            lockControl: Type2LockControl.defaultControl(dataAreaSize: 144))
        #expect(
            Array(memory.bytes.prefix(24))
                == bytes("04 6F 3A D9 5A 2B 8C 80 7D 48 00 00 E1 10 12 00 01 03 A0 0C 34 03 00 FE"))
        #expect(memory.bytes.count == 164)
        #expect(memory.blockCount == 41)
        #expect(memory.block(3) == bytes("E1 10 12 00"))
        #expect(memory.ndefCapacity == 137)
        #expect(
            try Type2TagMemory.capacity(
                dataAreaSize: 144, lockControl: .defaultControl(dataAreaSize: 144)) == 137)
    }

    @Test("a URI message is laid out as 03 len message FE")
    func messageImage() throws {
        let memory = try Type2TagMemory(
            uid: Self.uid, dataAreaSize: 48, ndefMessage: Self.uriMessage)
        #expect(memory.bytes.count == 64)
        #expect(Array(memory.bytes[16..<34]) == bytes("03 0F") + Self.uriMessage + [0xFE])
        #expect(memory.bytes[34...].allSatisfy { $0 == 0 })
        #expect(try memory.ndefMessage() == Self.uriMessage)
        #expect(try Type2TagMemory.ndefMessage(in: memory.bytes) == Self.uriMessage)
    }

    @Test("a read-only image has access 0F and every static and dynamic lock bit set")
    func readOnlyImage() throws {
        let memory = try Type2TagMemory(
            uid: Self.uid, dataAreaSize: 144, ndefMessage: Self.uriMessage, readOnly: true)
        #expect(memory.block(2) == bytes("7D 48 FF FF"))
        #expect(memory.block(3) == bytes("E1 10 12 0F"))
        #expect(memory.capabilityContainer.isReadOnly)
        #expect(memory.block(40) == bytes("FF 0F 00 00"))
    }

    @Test("messages that do not fit are refused with the capacity")
    func tooLong() {
        #expect(throws: Type2TagError.messageTooLong(length: 47, capacity: 46)) {
            try Type2TagMemory(
                uid: Self.uid, dataAreaSize: 48, ndefMessage: Array(repeating: 1, count: 47))
        }
    }

    @Test("areas that cover the control TLVs, or blocks 0-3, are refused")
    func badAreas() throws {
        let overTLV = try #require(Type2MemoryControl(position: 18, size: 2))
        #expect(throws: Type2TagError.areaOverlapsTLVs(offset: 16, position: 18)) {
            try Type2TagMemory(uid: Self.uid, dataAreaSize: 48, memoryControls: [overTLV])
        }
        let overCC = try #require(Type2MemoryControl(position: 12, size: 4))
        #expect(throws: Type2TagError.controlAreaInStaticMemory(offset: 16, position: 12)) {
            try Type2TagMemory(uid: Self.uid, dataAreaSize: 48, memoryControls: [overCC])
        }
    }

    @Test("replacing the message rewrites the NDEF TLV around the same areas")
    func replaces() throws {
        let reserved = try #require(Type2MemoryControl(position: 40, size: 4))
        let memory = try Type2TagMemory(
            uid: Self.uid, dataAreaSize: 64, ndefMessage: [0xD0, 0, 0], memoryControls: [reserved])
        let longer = (0..<40).map { UInt8($0) }
        let replaced = try memory.replacingNDEFMessage(longer)
        #expect(try replaced.ndefMessage() == longer)
        #expect(Array(replaced.bytes[40..<44]) == [0, 0, 0, 0])
        #expect(Array(replaced.bytes.prefix(21)) == Array(memory.bytes.prefix(21)))
        #expect(throws: Type2TagError.messageTooLong(length: 60, capacity: 53)) {
            try memory.replacingNDEFMessage(Array(repeating: 0, count: 60))
        }
    }

    @Test("random messages from 0 to capacity round-trip, and capacity + 1 is refused")
    func roundTrips() throws {
        var random = SplitMix64(seed: 0x0213)
        for index in 0..<300 {
            let size = [48, 144, 496, 872, 2040, Int.random(in: 1...255, using: &random) * 8][
                index % 6]
            let lock: Type2LockControl? =
                index.isMultiple(of: 4) ? .defaultControl(dataAreaSize: size) : nil
            var controls: [Type2MemoryControl] = []
            for _ in 0..<Int.random(in: 0...2, using: &random) where size > 48 {
                let position = Int.random(in: 40...(16 + size - 8), using: &random)
                if let control = Type2MemoryControl(
                    position: position, size: Int.random(in: 1...16, using: &random))
                {
                    controls.append(control)
                }
            }
            guard
                let capacity = try? Type2TagMemory.capacity(
                    dataAreaSize: size, lockControl: lock, memoryControls: controls)
            else { continue }
            let length = [0, capacity, 254, 255, Int.random(in: 0...capacity, using: &random)][
                index % 5]
            let message = random.bytes(min(length, capacity))
            let memory = try Type2TagMemory(
                uid: Self.uid, dataAreaSize: size, ndefMessage: message, lockControl: lock,
                memoryControls: controls)
            #expect(memory.ndefCapacity == capacity)
            #expect(try Type2TagMemory.ndefMessage(in: memory.bytes) == message)
            #expect(memory.bytes.count.isMultiple(of: 4))
            #expect(throws: Type2TagError.messageTooLong(length: capacity + 1, capacity: capacity))
            {
                try Type2TagMemory(
                    uid: Self.uid, dataAreaSize: size,
                    ndefMessage: Array(repeating: 0, count: capacity + 1),
                    lockControl: lock, memoryControls: controls)
            }
        }
    }

    @Test("capacity switches to the 3-byte length at 255 message bytes")
    func capacityBoundary() {
        #expect(type2NDEFCapacity(available: 256) == 254)
        #expect(type2NDEFCapacity(available: 258) == 254)
        #expect(type2NDEFCapacity(available: 259) == 255)
        #expect(type2NDEFCapacity(available: 1) == 0)
    }

    /// Found by the `tag-format` fuzz target (issue 23): the walk stops at the NDEF TLV, so
    /// an image read back may end just after the message, and the Terminator a replacement
    /// lays after it fell outside the image: an index out of range.
    @Test("replacing the message of an image that ends after it names the missing address")
    func replacingInAnImageEndingAfterTheMessageThrows() throws {
        let image = bytes("04 A1 B2 C3 F6 07 E5 FF 00 00 00 00 E1 10 06 00 03 01 AA")
        let memory = try Type2TagMemory(image: image)
        #expect(try memory.ndefMessage() == [0xAA])
        #expect(throws: Type2TagError.truncated(offset: 19, needed: 1, available: 0)) {
            try memory.replacingNDEFMessage([0xAA])
        }
    }
}
