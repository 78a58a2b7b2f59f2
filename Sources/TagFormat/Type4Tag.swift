/// NFC Forum Type 4 Tag constants and the command APDUs a reader sends (T4T operation
/// specification 2.0 and 3.0, DESIGN §4), shared by the emulator and the reader.
///
/// The NDEF detection procedure: SELECT the NDEF application by name, SELECT the CC file by
/// ID, READ BINARY the CC, SELECT the NDEF file, READ BINARY its length field, then the
/// message in pieces of at most MLe bytes.
public enum Type4Tag {
    /// The NDEF Tag Application name for mapping versions 2.0 and 3.0.
    public static let ndefApplicationAID: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    /// The NDEF Tag Application name for mapping version 1.0, which readers try second.
    public static let ndefApplicationAIDVersion1: [UInt8] = [
        0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x00,
    ]
    /// The file identifier of the Capability Container.
    public static let capabilityContainerFileID: UInt16 = 0xE103
    /// The largest offset READ/UPDATE BINARY carry in P1-P2: P1 bit 8 set would mean a short
    /// EF identifier.
    public static let maximumShortOffset = 0x7FFF
    /// The largest offset the 3-byte offset data object (tag 54) carries.
    public static let maximumODOOffset = 0xFF_FFFE
    /// The BER-TLV tag of the offset data object in READ/UPDATE BINARY with INS B1/D7.
    public static let offsetDataObjectTag: UInt8 = 0x54
    /// The BER-TLV tag of the discretionary data object that carries the bytes of an UPDATE
    /// BINARY with INS D7 (and the bytes a READ BINARY B1 returns).
    public static let discretionaryDataObjectTag: UInt8 = 0x53

    /// Instruction bytes of the T4T command set.
    public enum Instruction: UInt8, Sendable, Hashable, CaseIterable {
        /// SELECT (P1 04 by name, 00 by file ID).
        case select = 0xA4
        /// READ BINARY with the offset in P1-P2.
        case readBinary = 0xB0
        /// READ BINARY with an offset data object, for offsets above 0x7FFF (mapping 3.0).
        case readBinaryODO = 0xB1
        /// UPDATE BINARY with the offset in P1-P2.
        case updateBinary = 0xD6
        /// UPDATE BINARY with offset and discretionary data objects (mapping 3.0).
        case updateBinaryODO = 0xD7
    }

    /// SELECT P1: select by DF name (an AID).
    public static let selectByName: UInt8 = 0x04
    /// SELECT P1: select by file identifier.
    public static let selectByFileID: UInt8 = 0x00
    /// SELECT P2: first or only occurrence, return FCI (mapping 1.0 and application select).
    public static let selectFirstOrOnly: UInt8 = 0x00
    /// SELECT P2: first or only occurrence, no response data (file select in mapping 2.0/3.0).
    public static let selectNoResponseData: UInt8 = 0x0C

    /// `00 A4 04 00 07 D2760000850101 00`: selects the NDEF application (mapping 2.0/3.0).
    public static func selectNDEFApplication() -> CommandAPDU {
        try! CommandAPDU(
            ins: Instruction.select.rawValue, p1: selectByName, p2: selectFirstOrOnly,
            data: ndefApplicationAID, le: 256)
    }

    /// `00 A4 04 00 07 D2760000850100`: selects the mapping 1.0 NDEF application (no Le, as
    /// in the 1.0 specification).
    public static func selectNDEFApplicationVersion1() -> CommandAPDU {
        try! CommandAPDU(
            ins: Instruction.select.rawValue, p1: selectByName, p2: selectFirstOrOnly,
            data: ndefApplicationAIDVersion1)
    }

    /// `00 A4 00 0C 02 FID` (mapping 2.0/3.0), or P2 `00` for a mapping 1.0 tag.
    public static func selectFile(_ fileID: UInt16, mappingVersion1: Bool = false)
        -> CommandAPDU
    {
        try! CommandAPDU(
            ins: Instruction.select.rawValue, p1: selectByFileID,
            p2: mappingVersion1 ? selectFirstOrOnly : selectNoResponseData,
            data: bigEndianBytes(Int(fileID), count: 2))
    }

    /// `00 A4 00 0C 02 E103`: selects the Capability Container.
    public static func selectCapabilityContainer(mappingVersion1: Bool = false) -> CommandAPDU {
        selectFile(capabilityContainerFileID, mappingVersion1: mappingVersion1)
    }

    /// `00 B0 offset(2) Le`: reads `length` bytes (1...65536; above 256 the Le is extended).
    public static func readBinary(offset: Int, length: Int) throws(APDUError) -> CommandAPDU {
        guard (0...maximumShortOffset).contains(offset) else {
            throw .offsetOutOfRange(offset: offset, maximum: maximumShortOffset)
        }
        let p1p2 = bigEndianBytes(offset, count: 2)
        return try CommandAPDU(
            ins: Instruction.readBinary.rawValue, p1: p1p2[0], p2: p1p2[1], le: length)
    }

    /// `00 D6 offset(2) Lc data`: writes `data` (1...65535 bytes) at `offset`.
    public static func updateBinary(offset: Int, data: [UInt8]) throws(APDUError) -> CommandAPDU {
        guard (0...maximumShortOffset).contains(offset) else {
            throw .offsetOutOfRange(offset: offset, maximum: maximumShortOffset)
        }
        guard !data.isEmpty else { throw .emptyData(ins: Instruction.updateBinary.rawValue) }
        let p1p2 = bigEndianBytes(offset, count: 2)
        return try CommandAPDU(
            ins: Instruction.updateBinary.rawValue, p1: p1p2[0], p2: p1p2[1], data: data)
    }

    /// `00 B1 00 00 05 54 03 offset(3) Le`: reads from an offset above 0x7FFF (mapping 3.0).
    ///
    /// The tag answers with the bytes wrapped in a `53` data object, so `length` counts its
    /// tag and length bytes too.
    public static func readBinaryODO(offset: Int, length: Int) throws(APDUError) -> CommandAPDU {
        guard (0...maximumODOOffset).contains(offset) else {
            throw .offsetOutOfRange(offset: offset, maximum: maximumODOOffset)
        }
        return try CommandAPDU(
            ins: Instruction.readBinaryODO.rawValue, p1: 0, p2: 0,
            data: offsetDataObject(offset), le: length)
    }

    /// `00 D7 00 00 Lc 54 03 offset(3) 53 len data`: writes above offset 0x7FFF (mapping 3.0).
    public static func updateBinaryODO(offset: Int, data: [UInt8]) throws(APDUError)
        -> CommandAPDU
    {
        guard (0...maximumODOOffset).contains(offset) else {
            throw .offsetOutOfRange(offset: offset, maximum: maximumODOOffset)
        }
        let field =
            offsetDataObject(offset) + [discretionaryDataObjectTag]
            + berLength(data.count) + data
        return try CommandAPDU(
            ins: Instruction.updateBinaryODO.rawValue, p1: 0, p2: 0, data: field)
    }

    /// `54 03 offset(3)`.
    static func offsetDataObject(_ offset: Int) -> [UInt8] {
        [offsetDataObjectTag, 0x03] + bigEndianBytes(offset, count: 3)
    }

    /// A BER-TLV length: one byte up to 127, `81 xx` up to 255, `82 xx xx` beyond.
    public static func berLength(_ length: Int) -> [UInt8] {
        switch length {
        case ..<0x80: [UInt8(length)]
        case ..<0x100: [0x81, UInt8(length)]
        default: [0x82] + bigEndianBytes(length, count: 2)
        }
    }
}
