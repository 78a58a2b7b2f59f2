import NFCRigTestSupport
import SeededRandom
import Testing

@testable import TagFormat

/// Tag memory from block 0: a 7-byte UID tag with the given CC size byte and data area bytes,
/// zero-padded to the data area's end.
func type2Image(sizeByte: UInt8, data: [UInt8]) -> [UInt8] {
    let head = bytes("04 6F 3A D9 5A 2B 8C 80 7D 48 00 00 E1 10") + [sizeByte, 0x00]
    return head + data + Array(repeating: 0, count: max(0, Int(sizeByte) * 8 - data.count))
}

/// One row: a data area that breaks a rule, and the exact error.
struct WalkErrorCase: CustomTestStringConvertible, Sendable {
    var name: String
    var data: String
    var error: Type2TagError
    var testDescription: String { name }
}

@Suite struct Type2TLVWalkTests {
    @Test("NTAG213 as shipped: Lock Control, an empty NDEF TLV, a Terminator")
    func ntag213Factory() throws {
        let image = type2Image(sizeByte: 0x12, data: bytes("01 03 A0 0C 34 03 00 FE"))
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 144, stopsAtNDEFMessage: false)
        #expect(walk.tlvs.map(\.tag) == [.lockControl, .ndefMessage, .terminator])
        #expect(walk.tlvs.map(\.offset) == [16, 21, 23])
        #expect(walk.terminated && walk.missingFrom == nil)
        #expect(
            walk.areas == [Type2ReservedArea(kind: .lockBytes, range: 160..<162, declaredAt: 16)])
        #expect(walk.ndefTLV?.value == [])
        #expect(walk.ndefCapacity == 137)
        #expect(try Type2TagMemory.ndefMessage(in: image) == [])
    }

    @Test("NTAG215 and NTAG216 as shipped hold 492 and 868 message bytes")
    func ntag215And216() throws {
        for (sizeByte, capacity) in [(UInt8(0x3E), 492), (0x6D, 868)] {
            let image = type2Image(sizeByte: sizeByte, data: bytes("03 00 FE"))
            let memory = try Type2TagMemory(image: image)
            #expect(memory.ndefCapacity == capacity)
            #expect(memory.walk.areas.map(\.declaredAt) == [nil])
        }
    }

    @Test("NULL TLVs pad before and after, and the walk reads through them")
    func nullPadding() throws {
        let image = type2Image(sizeByte: 6, data: bytes("00 00 03 03 D0 00 00 00 FE"))
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 48, stopsAtNDEFMessage: false)
        #expect(walk.tlvs.map(\.tag) == [.null, .null, .ndefMessage, .null, .terminator])
        #expect(walk.ndefTLV?.offset == 18)
        #expect(walk.ndefTLV?.value == bytes("D0 00 00"))
    }

    @Test("a 3-byte length reads FF then a big-endian length")
    func threeByteLength() throws {
        let message = (0..<300).map { UInt8($0 & 0xFF) }
        let image = type2Image(sizeByte: 0x3E, data: bytes("03 FF 01 2C") + message + [0xFE])
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 496)
        #expect(walk.ndefTLV?.lengthFieldSize == 3)
        #expect(walk.ndefTLV?.value == message)
        #expect(walk.ndefTLV?.endOffset == 16 + 4 + 300)
    }

    @Test("a Memory Control area inside the NDEF TLV is jumped over")
    func memoryControlSkipped() throws {
        // Reserved bytes 40..<44 (page 2 of 16 bytes, offset 8, 4 bytes) hold EE.
        let message = (1...32).map { UInt8($0) }
        let data =
            bytes("02 03 28 04 04  03 20") + message[0..<17] + bytes("EE EE EE EE")
            + message[17...] + [0xFE]
        let image = type2Image(sizeByte: 8, data: data)
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 64, stopsAtNDEFMessage: false)
        #expect(walk.ndefTLV?.value == message)
        #expect(walk.ndefTLV?.endOffset == 59)
        #expect(walk.tlvs.last?.tag == .terminator && walk.tlvs.last?.offset == 59)
        #expect(
            walk.areas.first
                == Type2ReservedArea(kind: .reservedBytes, range: 40..<44, declaredAt: 16))
        #expect(walk.ndefCapacity == 64 - 5 - 4 - 2)
    }

    @Test("lock bytes declared inside the data area are jumped over, length bytes too")
    func lockControlSkipped() throws {
        // Lock bytes at 22..<24 (page 1 of 16 bytes, offset 6, 9 bits): between T and L.
        let data = bytes("01 03 16 09 34  03 AA BB 03 D0 00 00 FE")
        let image = type2Image(sizeByte: 8, data: data)
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 64)
        #expect(walk.areas.first?.range == 22..<24)
        #expect(walk.ndefTLV?.value == bytes("D0 00 00"))
        #expect(walk.ndefTLV?.lengthFieldSize == 1)
    }

    @Test("RFU and proprietary TLVs are stepped over by their length")
    func unknownTLVs() throws {
        let image = type2Image(sizeByte: 6, data: bytes("FD 02 AA BB  42 01 CC  03 00 FE"))
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 48)
        #expect(walk.tlvs.map(\.tag.rawValue) == [0xFD, 0x42, 0x03])
        #expect(walk.ndefTLV?.offset == 23)
    }

    @Test("without a Terminator the walk ends at the data area's end")
    func missingTerminator() throws {
        let image = type2Image(sizeByte: 1, data: bytes("03 06 D0 00 00 D0 00 00"))
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 8, stopsAtNDEFMessage: false)
        #expect(!walk.terminated && walk.missingFrom == nil)
        #expect(walk.ndefTLV?.value == bytes("D0 00 00 D0 00 00"))
    }

    @Test("bytes that end early make the walk say which address it needs next")
    func incomplete() throws {
        let image = Array(type2Image(sizeByte: 0x12, data: bytes("03 20")).prefix(32))
        let walk = try Type2TLVWalk(memory: image, dataAreaSize: 144)
        #expect(walk.missingFrom == 32)
        #expect(throws: Type2TagError.truncated(offset: 32, needed: 1, available: 0)) {
            try Type2TagMemory.ndefMessage(in: image)
        }
    }

    static let invalid: [WalkErrorCase] = [
        .init(
            name: "NDEF length past the data area", data: "03 30 D0",
            error: .tlvValueOverrunsDataArea(offset: 17, tag: 0x03, length: 48, available: 46)),
        .init(
            name: "3-byte length past the data area", data: "03 FF 01 00",
            error: .tlvValueOverrunsDataArea(offset: 17, tag: 0x03, length: 256, available: 44)),
        .init(
            name: "Lock Control of length 2", data: "01 02 A0 0C",
            error: .controlTLVLength(offset: 16, tag: 0x01, length: 2)),
        .init(
            name: "Memory Control of length 4", data: "02 04 28 04 04 00",
            error: .controlTLVLength(offset: 16, tag: 0x02, length: 4)),
        .init(
            name: "Memory Control over the CC", data: "02 03 0C 04 00",
            error: .controlAreaInStaticMemory(offset: 16, position: 12)),
    ]

    @Test("broken data areas name the rule and the address", arguments: invalid)
    func rejects(_ row: WalkErrorCase) {
        let image = type2Image(sizeByte: 6, data: bytes(row.data))
        #expect(throws: row.error) { try Type2TLVWalk(memory: image, dataAreaSize: 48) }
        #expect(row.error.message.hasPrefix("address \(row.error.offset): "))
    }

    @Test("a length field cut by the data area's end is its own error")
    func lengthCut() {
        let image = type2Image(sizeByte: 1, data: bytes("00 00 00 00 00 00 00 03"))
        #expect(throws: Type2TagError.tlvLengthTruncated(offset: 23, tag: 0x03)) {
            try Type2TLVWalk(memory: image, dataAreaSize: 8)
        }
        let long = type2Image(sizeByte: 1, data: bytes("00 00 00 00 00 03 FF 01"))
        #expect(throws: Type2TagError.tlvLengthTruncated(offset: 21, tag: 0x03)) {
            try Type2TLVWalk(memory: long, dataAreaSize: 8)
        }
    }

    @Test("a reader checking only the tag byte asks for the length past the data area")
    func lengthCutLenient() throws {
        for data in ["00 00 00 00 00 00 00 03", "00 00 00 00 00 00 03 FF"] {
            let image = type2Image(sizeByte: 1, data: bytes(data))
            let walk = try Type2TLVWalk(
                memory: image, dataAreaSize: 8, leniency: .headerPastDataArea)
            #expect(walk.missingFrom == 24, "\(data)")
        }
    }

    @Test("a data area without an NDEF TLV has no message")
    func noNDEF() throws {
        let image = type2Image(sizeByte: 6, data: bytes("01 03 A0 0C 34 FE"))
        #expect(throws: Type2TagError.ndefTLVMissing(offset: 22)) {
            try Type2TagMemory.ndefMessage(in: image)
        }
    }

    @Test("random data areas walk or fail with a typed error")
    func hostileDataAreas() {
        var random = SplitMix64(seed: 0x7171)
        var outcomes: [String: Int] = [:]
        for index in 0..<20_000 {
            let sizeByte = UInt8.random(in: 1...64, using: &random)
            var data = random.bytes(Int(sizeByte) * 8)
            // Bias towards known tags so control, NDEF and 3-byte lengths occur often.
            for position in stride(from: 0, to: data.count, by: 7) where index.isMultiple(of: 2) {
                data[position] = [0x00, 0x01, 0x02, 0x03, 0xFE][Int(data[position]) % 5]
            }
            do {
                let walk = try Type2TLVWalk(
                    memory: type2Image(sizeByte: sizeByte, data: data),
                    dataAreaSize: Int(sizeByte) * 8, stopsAtNDEFMessage: index.isMultiple(of: 3))
                #expect(walk.missingFrom == nil)
                #expect(walk.tlvs.allSatisfy { $0.endOffset <= 16 + Int(sizeByte) * 8 })
                outcomes["walked", default: 0] += 1
            } catch {
                #expect(error.offset >= 16 && error.offset < 16 + Int(sizeByte) * 8)
                outcomes[error.rule, default: 0] += 1
            }
        }
        #expect(outcomes.count >= 5)
    }

    @Test("random images decode or fail with a typed error")
    func hostileImages() {
        var random = SplitMix64(seed: 0xE110)
        for index in 0..<TestBudget.cases(20_000) {
            var image = random.bytes(Int.random(in: 0...200, using: &random))
            if index.isMultiple(of: 2), image.count >= 16 {
                image[12] = 0xE1
                image[13] = 0x10
            }
            do {
                let memory = try Type2TagMemory(image: image)
                #expect(memory.walk.missingFrom == nil)
                _ = try? memory.ndefMessage()
            } catch {
                #expect(error.offset <= max(image.count, 16 + 255 * 8))
            }
            _ = try? Type2StaticMemory(decoding: image)
            _ = try? Type2CapabilityContainer(decoding: image.dropFirst(12))
        }
    }
}
