/// The Capability Container file (E103) of a Type 4 Tag.
///
/// ```
/// offset 0  CCLEN(2)   size of the CC file, 000F...FFFE (FFFF reserved)
///        2  mapping version (major.minor nibbles: 20 = 2.0, 30 = 3.0)
///        3  MLe(2)     largest R-APDU data a READ BINARY may ask for, >= 000F
///        5  MLc(2)     largest C-APDU data an UPDATE BINARY may carry, >= 0001
///        7  NDEF File Control TLV (04 06 ...) or, from 3.0, ENDEF File Control TLV (06 08 ...)
///   15/17   further TLVs up to CCLEN (proprietary file controls), kept raw
/// ```
/// Mapping 1.0 CCs have the 2.0 layout and decode too.
public struct CapabilityContainer: Sendable, Hashable {
    /// The mapping version byte.
    public var mappingVersion: UInt8
    /// MLe: the most data bytes one READ BINARY may return.
    public var maximumResponseDataLength: UInt16
    /// MLc: the most data bytes one UPDATE BINARY may carry.
    public var maximumCommandDataLength: UInt16
    /// The NDEF (or ENDEF) File Control TLV.
    public var ndefFileControl: NDEFFileControl
    /// The bytes after the file control TLV up to CCLEN, kept as they are.
    public var additionalTLVs: [UInt8]

    /// Mapping version 2.0.
    public static let version2: UInt8 = 0x20
    /// Mapping version 3.0 (ENDEF file, ENLEN, offsets above 0x7FFF).
    public static let version3: UInt8 = 0x30
    /// Offset of the file control TLV.
    public static let fileControlOffset = 7
    /// The size of the mandatory fields, the part every CC has (0011 with an ENDEF TLV).
    public static let mandatoryLength = 0x000F
    /// CCLEN FFFF, reserved by the T4T specification.
    public static let reservedCCLength = 0xFFFF

    /// Creates a CC; MLe and MLc default to 00FF, which fits short APDUs.
    public init(
        mappingVersion: UInt8 = version2, maximumResponseDataLength: UInt16 = 0x00FF,
        maximumCommandDataLength: UInt16 = 0x00FF, ndefFileControl: NDEFFileControl,
        additionalTLVs: [UInt8] = []
    ) {
        self.mappingVersion = mappingVersion
        self.maximumResponseDataLength = maximumResponseDataLength
        self.maximumCommandDataLength = maximumCommandDataLength
        self.ndefFileControl = ndefFileControl
        self.additionalTLVs = additionalTLVs
    }

    /// CCLEN: the size of the encoded CC file.
    public var ccLength: Int {
        Self.fileControlOffset + 2 + ndefFileControl.valueLength + additionalTLVs.count
    }

    /// The major mapping version (high nibble).
    public var majorVersion: UInt8 { mappingVersion >> 4 }
    /// The minor mapping version (low nibble).
    public var minorVersion: UInt8 { mappingVersion & 0x0F }

    /// Whether the NDEF file is readable without security.
    public var isReadable: Bool { ndefFileControl.isReadable }
    /// Whether the NDEF file is writable without security.
    public var isWritable: Bool { ndefFileControl.isWritable }
    /// The largest NDEF message the NDEF file holds.
    public var ndefMessageCapacity: Int { ndefFileControl.messageCapacity }

    /// The CC file's bytes; throws when a field breaks a rule `init(decoding:)` checks.
    public func encoded() throws(CapabilityContainerError) -> [UInt8] {
        try validate()
        return bigEndianBytes(ccLength, count: 2) + [mappingVersion]
            + bigEndianBytes(Int(maximumResponseDataLength), count: 2)
            + bigEndianBytes(Int(maximumCommandDataLength), count: 2)
            + ndefFileControl.encoded() + additionalTLVs
    }

    /// Checks every rule on the fields, naming the offset each field has in the CC file.
    public func validate() throws(CapabilityContainerError) {
        guard ccLength < Self.reservedCCLength else {
            throw .ccLengthReserved(offset: 0, ccLength: ccLength)
        }
        guard (1...3).contains(majorVersion) else {
            throw .unsupportedMappingVersion(offset: 2, version: mappingVersion)
        }
        guard maximumResponseDataLength >= 0x000F else {
            throw .mleTooSmall(offset: 3, mle: Int(maximumResponseDataLength))
        }
        guard maximumCommandDataLength >= 0x0001 else {
            throw .mlcTooSmall(offset: 5, mlc: Int(maximumCommandDataLength))
        }
        let control = ndefFileControl
        if control.lengthField == .enlen, majorVersion < 3 {
            throw .unknownFileControlTag(
                offset: Self.fileControlOffset, tag: control.tag, mappingVersion: mappingVersion)
        }
        guard !NDEFFileControl.reservedFileIDs.contains(control.fileID) else {
            throw .reservedFileID(offset: Self.fileControlOffset + 2, fileID: control.fileID)
        }
        let allowed = control.lengthField.allowedMaximumFileSizes
        guard allowed.contains(Int(control.maximumFileSize)) else {
            throw .maximumFileSizeOutOfRange(
                offset: Self.fileControlOffset + 4, size: Int(control.maximumFileSize),
                allowed: allowed)
        }
    }

    /// Decodes a CC file; bytes past CCLEN are ignored (a reader may read more).
    public init(decoding input: some Collection<UInt8>) throws(CapabilityContainerError) {
        let bytes = Array(input)
        func need(_ offset: Int, _ count: Int) throws(CapabilityContainerError) {
            guard offset + count <= bytes.count else {
                throw .truncated(
                    offset: offset, needed: count, available: max(0, bytes.count - offset))
            }
        }
        try need(0, 2)
        let ccLength = bigEndian(bytes, at: 0, count: 2)
        guard ccLength >= 0x000F else {
            throw .ccLengthTooSmall(offset: 0, ccLength: ccLength, minimum: 0x000F)
        }
        guard ccLength != Self.reservedCCLength else {
            throw .ccLengthReserved(offset: 0, ccLength: ccLength)
        }
        try need(2, 5)
        let version = bytes[2]
        guard (1...3).contains(version >> 4) else {
            throw .unsupportedMappingVersion(offset: 2, version: version)
        }
        let mle = bigEndian(bytes, at: 3, count: 2)
        guard mle >= 0x000F else { throw .mleTooSmall(offset: 3, mle: mle) }
        let mlc = bigEndian(bytes, at: 5, count: 2)
        guard mlc >= 0x0001 else { throw .mlcTooSmall(offset: 5, mlc: mlc) }
        let tagOffset = Self.fileControlOffset
        try need(tagOffset, 2)
        let tag = bytes[tagOffset]
        let length = Int(bytes[tagOffset + 1])
        let lengthField: NDEFFileLength
        switch tag {
        case NDEFFileControl.ndefTag: lengthField = .nlen
        case NDEFFileControl.extendedNDEFTag where version >> 4 >= 3: lengthField = .enlen
        default:
            throw .unknownFileControlTag(offset: tagOffset, tag: tag, mappingVersion: version)
        }
        let expected = lengthField == .nlen ? 6 : 8
        guard length == expected else {
            throw .wrongFileControlLength(
                offset: tagOffset + 1, tag: tag, length: length, expected: expected)
        }
        let end = tagOffset + 2 + expected
        guard ccLength >= end else {
            throw .ccLengthTooSmall(offset: 0, ccLength: ccLength, minimum: end)
        }
        try need(tagOffset + 2, expected)
        try need(end, ccLength - end)
        let sizeBytes = expected - 4
        self.init(
            mappingVersion: version,
            maximumResponseDataLength: UInt16(mle), maximumCommandDataLength: UInt16(mlc),
            ndefFileControl: NDEFFileControl(
                fileID: UInt16(bigEndian(bytes, at: tagOffset + 2, count: 2)),
                maximumFileSize: UInt32(bigEndian(bytes, at: tagOffset + 4, count: sizeBytes)),
                readAccess: bytes[tagOffset + 4 + sizeBytes],
                writeAccess: bytes[tagOffset + 5 + sizeBytes], lengthField: lengthField),
            additionalTLVs: Array(bytes[end..<ccLength]))
        try validate()
    }
}
