import NFCRigTestSupport
import Testing

@testable import TagFormat

@Suite struct Type4TagTests {
    @Test("the commands of the NDEF detection procedure have their exact bytes")
    func detectionCommands() throws {
        let table: [(CommandAPDU, String)] = [
            (Type4Tag.selectNDEFApplication(), "00 A4 04 00 07 D2760000850101 00"),
            (Type4Tag.selectNDEFApplicationVersion1(), "00 A4 04 00 07 D2760000850100"),
            (Type4Tag.selectCapabilityContainer(), "00 A4 00 0C 02 E1 03"),
            (Type4Tag.selectCapabilityContainer(mappingVersion1: true), "00 A4 00 00 02 E1 03"),
            (Type4Tag.selectFile(0xE104), "00 A4 00 0C 02 E1 04"),
            (try Type4Tag.readBinary(offset: 0, length: 15), "00 B0 00 00 0F"),
            (try Type4Tag.readBinary(offset: 2, length: 256), "00 B0 00 02 00"),
            (try Type4Tag.readBinary(offset: 0x7FFF, length: 2), "00 B0 7F FF 02"),
            (try Type4Tag.readBinary(offset: 2, length: 1000), "00 B0 00 02 00 03 E8"),
            (try Type4Tag.updateBinary(offset: 0, data: [0, 0]), "00 D6 00 00 02 00 00"),
            (try Type4Tag.updateBinary(offset: 0x0102, data: [0xD1]), "00 D6 01 02 01 D1"),
        ]
        for (apdu, hex) in table {
            #expect(apdu.encoded() == bytes(hex))
        }
    }

    @Test("mapping 3.0 offsets above 0x7FFF travel in an offset data object")
    func odoCommands() throws {
        #expect(
            try Type4Tag.readBinaryODO(offset: 0x8000, length: 0xFF).encoded()
                == bytes("00 B1 00 00 05 54 03 00 80 00 FF"))
        #expect(
            try Type4Tag.updateBinaryODO(offset: 0x01_0000, data: [0xAA, 0xBB]).encoded()
                == bytes("00 D7 00 00 09 54 03 01 00 00 53 02 AA BB"))
        let long = try Type4Tag.updateBinaryODO(
            offset: 0x8000, data: Array(repeating: 7, count: 200))
        #expect(Array(long.data.prefix(8)) == bytes("54 03 00 80 00 53 81 C8"))
        let longer = try Type4Tag.updateBinaryODO(
            offset: 0x8000, data: Array(repeating: 7, count: 300))
        #expect(longer.isExtended)
        #expect(Array(longer.data.prefix(9)) == bytes("54 03 00 80 00 53 82 01 2C"))
    }

    @Test("offsets a command cannot carry are refused")
    func offsetLimits() {
        #expect(throws: APDUError.offsetOutOfRange(offset: 0x8000, maximum: 0x7FFF)) {
            try Type4Tag.readBinary(offset: 0x8000, length: 1)
        }
        #expect(throws: APDUError.offsetOutOfRange(offset: -1, maximum: 0x7FFF)) {
            try Type4Tag.updateBinary(offset: -1, data: [1])
        }
        #expect(throws: APDUError.offsetOutOfRange(offset: 0xFF_FFFF, maximum: 0xFF_FFFE)) {
            try Type4Tag.readBinaryODO(offset: 0xFF_FFFF, length: 1)
        }
        #expect(throws: APDUError.emptyData(ins: 0xD6)) {
            try Type4Tag.updateBinary(offset: 0, data: [])
        }
        #expect(throws: APDUError.expectedLengthOutOfRange(le: 0)) {
            try Type4Tag.readBinary(offset: 0, length: 0)
        }
    }

    @Test("BER-TLV lengths take one, two or three bytes")
    func berLengths() {
        #expect(Type4Tag.berLength(0x7F) == [0x7F])
        #expect(Type4Tag.berLength(0x80) == [0x81, 0x80])
        #expect(Type4Tag.berLength(0xFF) == [0x81, 0xFF])
        #expect(Type4Tag.berLength(0x100) == [0x82, 0x01, 0x00])
    }

    @Test("a 53 data object of Le bytes carries Le less its tag and length bytes")
    func discretionaryDataCapacity() {
        let expected = [
            0: 0, 2: 0, 3: 1, 129: 127, 130: 127, 131: 128, 256: 253, 258: 255, 260: 256,
        ]
        for (le, count) in expected {
            #expect(Type4Tag.discretionaryDataCapacity(le) == count, "Le \(le)")
        }
        for le in 3...300 {
            let count = Type4Tag.discretionaryDataCapacity(le)
            #expect(Type4Tag.discretionaryDataObject(Array(repeating: 0, count: count)).count <= le)
            let more = Type4Tag.discretionaryDataObject(Array(repeating: 0, count: count + 1))
            #expect(more.count > le)
        }
    }
}
