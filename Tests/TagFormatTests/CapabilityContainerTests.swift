import NFCRigTestSupport
import SeededRandom
import Testing

@testable import TagFormat

/// One row: CC bytes that break a rule, and the exact error.
struct CCErrorCase: CustomTestStringConvertible, Sendable {
    var name: String
    var hex: String
    var error: CapabilityContainerError
    var testDescription: String { name }
}

@Suite struct CapabilityContainerTests {
    /// A mapping 2.0 CC as NXP NTAG 424 and most Android HCE apps ship it.
    static let version2 = "00 0F 20 00 3B 00 34 04 06 E1 04 00 FF 00 00"
    /// A mapping 3.0 CC with an ENDEF file of 64 KiB.
    static let version3 = "00 11 30 00 FF 00 FF 06 08 E1 04 00 01 00 00 00 00"

    @Test("a mapping 2.0 CC decodes to its fields and encodes back")
    func version2RoundTrip() throws {
        let cc = try CapabilityContainer(decoding: bytes(Self.version2))
        #expect(cc.mappingVersion == 0x20 && cc.majorVersion == 2 && cc.minorVersion == 0)
        #expect(cc.ccLength == 15)
        #expect(cc.maximumResponseDataLength == 0x3B)
        #expect(cc.maximumCommandDataLength == 0x34)
        #expect(cc.ndefFileControl.fileID == 0xE104)
        #expect(cc.ndefFileControl.maximumFileSize == 0xFF)
        #expect(cc.ndefFileControl.lengthField == .nlen)
        #expect(cc.isReadable && cc.isWritable)
        #expect(cc.ndefMessageCapacity == 0xFF - 2)
        #expect(try cc.encoded() == bytes(Self.version2))
    }

    @Test("a mapping 3.0 CC with an ENDEF TLV has a 4-byte size and ENLEN")
    func version3RoundTrip() throws {
        let cc = try CapabilityContainer(decoding: bytes(Self.version3))
        #expect(cc.mappingVersion == CapabilityContainer.version3)
        #expect(cc.ccLength == 17)
        #expect(cc.ndefFileControl.lengthField == .enlen)
        #expect(cc.ndefFileControl.maximumFileSize == 0x1_0000)
        #expect(cc.ndefMessageCapacity == 0x1_0000 - 4)
        #expect(try cc.encoded() == bytes(Self.version3))
    }

    @Test("a built CC encodes the layout a reader expects")
    func builtEncodes() throws {
        let cc = CapabilityContainer(
            ndefFileControl: NDEFFileControl(maximumFileSize: 0x0800, writeAccess: 0xFF))
        #expect(try cc.encoded() == bytes("00 0F 20 00 FF 00 FF 04 06 E1 04 08 00 00 FF"))
        #expect(cc.ndefFileControl.isReadOnly && !cc.isWritable)
    }

    @Test("write access FF is read-only, proprietary values are kept raw and not writable")
    func accessConditions() throws {
        let readOnly = try CapabilityContainer(
            decoding: bytes("00 0F 20 00 3B 00 34 04 06 E1 04 00 FF 00 FF"))
        #expect(readOnly.isReadable && !readOnly.isWritable && readOnly.ndefFileControl.isReadOnly)
        let proprietary = try CapabilityContainer(
            decoding: bytes("00 0F 20 00 3B 00 34 04 06 E1 04 00 FF 80 85"))
        #expect(proprietary.ndefFileControl.readAccess == 0x80)
        #expect(proprietary.ndefFileControl.writeAccess == 0x85)
        #expect(!proprietary.isReadable && !proprietary.isWritable)
        #expect(!proprietary.ndefFileControl.isReadOnly)
    }

    @Test("mapping 1.0 CCs and NLEN controls in 3.0 CCs decode")
    func otherVersions() throws {
        let v1 = try CapabilityContainer(
            decoding: bytes("00 0F 10 00 3B 00 34 04 06 E1 04 00 FF 00 00"))
        #expect(v1.majorVersion == 1)
        let v3nlen = try CapabilityContainer(
            decoding: bytes("00 0F 30 00 3B 00 34 04 06 E1 04 00 FF 00 00"))
        #expect(v3nlen.ndefFileControl.lengthField == .nlen)
    }

    @Test("TLVs after the file control up to CCLEN are kept, bytes past CCLEN ignored")
    func additionalTLVs() throws {
        let hex = "00 17 20 00 3B 00 34 04 06 E1 04 00 FF 00 00 05 06 E1 05 00 10 00 00"
        let cc = try CapabilityContainer(decoding: bytes(hex + " EE EE"))
        #expect(cc.additionalTLVs == bytes("05 06 E1 05 00 10 00 00"))
        #expect(try cc.encoded() == bytes(hex))
    }

    @Test("a Proprietary File Control TLV encodes as tag 05, length 06 and its six bytes")
    func proprietaryFileControl() throws {
        let control = ProprietaryFileControl(
            fileID: 0xE105, maximumFileSize: 0x0010, readAccess: 0x00, writeAccess: 0x00)
        #expect(control.encoded() == bytes("05 06 E1 05 00 10 00 00"))
        #expect(ProprietaryFileControl().encoded() == bytes("05 06 E1 05 00 80 00 FF"))
        let cc = CapabilityContainer(
            maximumResponseDataLength: 0x3B, maximumCommandDataLength: 0x34,
            ndefFileControl: NDEFFileControl(maximumFileSize: 0xFF),
            additionalTLVs: control.encoded())
        #expect(cc.ccLength == 0x17)
        let hex = "00 17 20 00 3B 00 34 04 06 E1 04 00 FF 00 00 05 06 E1 05 00 10 00 00"
        #expect(try cc.encoded() == bytes(hex))
        #expect(try CapabilityContainer(decoding: bytes(hex)) == cc)
    }

    static let invalid: [CCErrorCase] =
        [
            .init(
                name: "empty file", hex: "", error: .truncated(offset: 0, needed: 2, available: 0)),
            .init(
                name: "CCLEN 000E", hex: "00 0E 20 00 3B 00 34 04 06 E1 04 00 FF 00 00",
                error: .ccLengthTooSmall(offset: 0, ccLength: 14, minimum: 15)),
            .init(
                name: "CCLEN FFFF (reserved)", hex: "FF FF 20 00 3B 00 34 04 06 E1 04 00 FF 00 00",
                error: .ccLengthReserved(offset: 0, ccLength: 0xFFFF)),
            .init(
                name: "CCLEN 000F with an ENDEF TLV",
                hex: "00 0F 30 00 FF 00 FF 06 08 E1 04 00 01 00 00 00 00",
                error: .ccLengthTooSmall(offset: 0, ccLength: 15, minimum: 17)),
            .init(
                name: "CCLEN past the end of the input",
                hex: "00 10 20 00 3B 00 34 04 06 E1 04 00 FF 00 00",
                error: .truncated(offset: 15, needed: 1, available: 0)),
            .init(
                name: "cut inside the file control", hex: "00 0F 20 00 3B 00 34 04 06 E1 04",
                error: .truncated(offset: 9, needed: 6, available: 2)),
            .init(
                name: "mapping version 4.0", hex: "00 0F 40 00 3B 00 34 04 06 E1 04 00 FF 00 00",
                error: .unsupportedMappingVersion(offset: 2, version: 0x40)),
            .init(
                name: "mapping version 0.1", hex: "00 0F 01 00 3B 00 34 04 06 E1 04 00 FF 00 00",
                error: .unsupportedMappingVersion(offset: 2, version: 0x01)),
            .init(
                name: "MLe 000E", hex: "00 0F 20 00 0E 00 34 04 06 E1 04 00 FF 00 00",
                error: .mleTooSmall(offset: 3, mle: 14)),
            .init(
                name: "MLc 0000", hex: "00 0F 20 00 3B 00 00 04 06 E1 04 00 FF 00 00",
                error: .mlcTooSmall(offset: 5, mlc: 0)),
            .init(
                name: "proprietary file control first",
                hex: "00 0F 20 00 3B 00 34 05 06 E1 04 00 FF 00 00",
                error: .unknownFileControlTag(offset: 7, tag: 0x05, mappingVersion: 0x20)),
            .init(
                name: "ENDEF TLV in a 2.0 CC",
                hex: "00 11 20 00 FF 00 FF 06 08 E1 04 00 01 00 00 00 00",
                error: .unknownFileControlTag(offset: 7, tag: 0x06, mappingVersion: 0x20)),
            .init(
                name: "NDEF file control of length 8",
                hex: "00 11 20 00 3B 00 34 04 08 E1 04 00 FF 00 00 00 00",
                error: .wrongFileControlLength(offset: 8, tag: 0x04, length: 8, expected: 6)),
            .init(
                name: "ENDEF file control of length 6",
                hex: "00 0F 30 00 3B 00 34 06 06 E1 04 00 FF 00 00",
                error: .wrongFileControlLength(offset: 8, tag: 0x06, length: 6, expected: 8)),
            .init(
                name: "NDEF file size 4", hex: "00 0F 20 00 3B 00 34 04 06 E1 04 00 04 00 00",
                error: .maximumFileSizeOutOfRange(offset: 11, size: 4, allowed: 5...0xFFFE)),
            .init(
                name: "NDEF file size FFFF", hex: "00 0F 20 00 3B 00 34 04 06 E1 04 FF FF 00 00",
                error: .maximumFileSizeOutOfRange(offset: 11, size: 0xFFFF, allowed: 5...0xFFFE)),
            .init(
                name: "ENDEF file size FFFFFFFF",
                hex: "00 11 30 00 FF 00 FF 06 08 E1 04 FF FF FF FF 00 00",
                error: .maximumFileSizeOutOfRange(
                    offset: 11, size: 0xFFFF_FFFF, allowed: 7...0xFFFF_FFFE)),
        ] + reservedFileIDs

    static let reservedFileIDs: [CCErrorCase] = ["0000", "E102", "E103", "3F00", "3FFF", "FFFF"].map
    {
        id in
        .init(
            name: "NDEF file ID \(id)", hex: "00 0F 20 00 3B 00 34 04 06 \(id) 00 FF 00 00",
            error: .reservedFileID(offset: 9, fileID: UInt16(id, radix: 16)!))
    }

    @Test("CC files that break a rule name the rule, the offset and the value", arguments: invalid)
    func rejects(_ row: CCErrorCase) {
        #expect(throws: row.error) { try CapabilityContainer(decoding: bytes(row.hex)) }
        #expect(row.error.message.hasPrefix("CC offset \(row.error.offset): "))
    }

    @Test("the encoder refuses what the decoder refuses")
    func encoderValidates() {
        var cc = CapabilityContainer(
            ndefFileControl: NDEFFileControl(fileID: 0xE103, maximumFileSize: 0x100))
        #expect(throws: CapabilityContainerError.reservedFileID(offset: 9, fileID: 0xE103)) {
            try cc.encoded()
        }
        cc.ndefFileControl = NDEFFileControl(maximumFileSize: 0x1_0000)
        #expect(
            throws: CapabilityContainerError.maximumFileSizeOutOfRange(
                offset: 11, size: 0x1_0000, allowed: 5...0xFFFE)
        ) { try cc.encoded() }
        cc.ndefFileControl = NDEFFileControl(maximumFileSize: 0x1_0000, lengthField: .enlen)
        #expect(
            throws: CapabilityContainerError.unknownFileControlTag(
                offset: 7, tag: 0x06, mappingVersion: 0x20)
        ) { try cc.encoded() }
        cc.mappingVersion = CapabilityContainer.version3
        #expect(throws: Never.self) { try cc.encoded() }
        cc.maximumResponseDataLength = 14
        #expect(throws: CapabilityContainerError.mleTooSmall(offset: 3, mle: 14)) {
            try cc.encoded()
        }
        cc.maximumResponseDataLength = 0xFF
        cc.additionalTLVs = [UInt8](repeating: 0, count: 0xFFFF - 17)
        #expect(throws: CapabilityContainerError.ccLengthReserved(offset: 0, ccLength: 0xFFFF)) {
            try cc.encoded()
        }
    }

    @Test("random CC files decode or fail with a typed error, and what decodes re-encodes")
    func hostileBytes() {
        var random = SplitMix64(seed: 0xE103)
        var decoded = 0
        for index in 0..<20_000 {
            var input = random.bytes(Int.random(in: 0...24, using: &random))
            // Half the inputs start like a CC so that the later rules are reached too.
            if index.isMultiple(of: 2), input.count >= 9 {
                input.replaceSubrange(
                    0..<3,
                    with: [
                        0x00, UInt8.random(in: 0x0F...0x13, using: &random),
                        0x20 | UInt8(index % 2 * 0x10),
                    ])
                input[7] = index.isMultiple(of: 4) ? 0x04 : 0x06
                input[8] = input[7] == 0x04 ? 0x06 : 0x08
            }
            do {
                let cc = try CapabilityContainer(decoding: input)
                decoded += 1
                #expect(try cc.encoded() == Array(input.prefix(cc.ccLength)))
            } catch {
                #expect(error.offset <= input.count)
            }
        }
        #expect(decoded > 0)
    }
}

@Suite struct NDEFFileLengthTests {
    @Test("NLEN and ENLEN are big-endian, 2 and 4 bytes")
    func encodes() throws {
        #expect(try NDEFFileLength.nlen.encode(0x0123) == bytes("01 23"))
        #expect(try NDEFFileLength.enlen.encode(0x0123) == bytes("00 00 01 23"))
        #expect(try NDEFFileLength.nlen.decode(bytes("01 23 FF")) == 0x0123)
        #expect(try NDEFFileLength.enlen.decode(bytes("00 01 00 00")) == 0x1_0000)
        #expect(throws: NDEFFileError.lengthOutOfRange(length: 0x1_0000, maximum: 0xFFFF)) {
            try NDEFFileLength.nlen.encode(0x1_0000)
        }
    }

    @Test("capacity is the maximum file size less the length field")
    func capacity() {
        #expect(NDEFFileLength.nlen.messageCapacity(maximumFileSize: 0x0800) == 0x07FE)
        #expect(NDEFFileLength.enlen.messageCapacity(maximumFileSize: 0x0800) == 0x07FC)
        #expect(NDEFFileLength.nlen.messageCapacity(maximumFileSize: 1) == 0)
    }

    @Test("a file holds the length, the message and zeros up to its maximum size")
    func fileRoundTrip() throws {
        let message = bytes("D1 01 04 55 04 61 2E 62")
        let file = try NDEFFileLength.nlen.file(containing: message, maximumFileSize: 16)
        #expect(file == bytes("00 08 D1 01 04 55 04 61 2E 62 00 00 00 00 00 00"))
        #expect(try NDEFFileLength.nlen.message(inFile: file, maximumFileSize: 16) == message)
        #expect(throws: NDEFFileError.messageTooLong(length: 8, capacity: 6)) {
            try NDEFFileLength.enlen.file(containing: message, maximumFileSize: 10)
        }
    }

    @Test("length fields that lie are refused with the offset")
    func lies() {
        #expect(throws: NDEFFileError.truncatedLength(offset: 0, needed: 4, available: 3)) {
            try NDEFFileLength.enlen.message(inFile: bytes("00 00 00"), maximumFileSize: 100)
        }
        #expect(throws: NDEFFileError.lengthExceedsCapacity(offset: 0, length: 0x10, capacity: 14))
        {
            try NDEFFileLength.nlen.message(inFile: bytes("00 10"), maximumFileSize: 16)
        }
        #expect(throws: NDEFFileError.messageTruncated(offset: 2, length: 3, available: 1)) {
            try NDEFFileLength.nlen.message(inFile: bytes("00 03 D0"), maximumFileSize: 16)
        }
    }
}
