import HexText

/// A Type 2 Tag image or layout that breaks a rule: the rule, the tag memory address (byte
/// offset from block 0) and the offending value.
public enum Type2TagError: Error, Sendable, Hashable {
    /// The bytes end before a field starting at `offset`.
    case truncated(offset: Int, needed: Int, available: Int)
    /// A BCC of a 7-byte UID does not match the UID bytes.
    case bccMismatch(offset: Int, expected: UInt8, found: UInt8)
    /// A UID that is neither 7 nor 4 bytes.
    case uidLength(count: Int)
    /// CC byte 0 is not the NDEF magic number E1.
    case badMagic(offset: Int, value: UInt8)
    /// The CC's mapping major version is not 1.
    case unsupportedVersion(offset: Int, version: UInt8)
    /// A data area size that is 0, not a multiple of 8, or above 2040.
    case dataAreaSizeInvalid(offset: Int, size: Int)
    /// A TLV's length field runs past the data area.
    case tlvLengthTruncated(offset: Int, tag: UInt8)
    /// A TLV's value runs past the data area.
    case tlvValueOverrunsDataArea(offset: Int, tag: UInt8, length: Int, available: Int)
    /// A Lock or Memory Control TLV whose length is not 3.
    case controlTLVLength(offset: Int, tag: UInt8, length: Int)
    /// A Lock or Memory Control TLV that declares bytes in blocks 0–3.
    case controlAreaInStaticMemory(offset: Int, position: Int)
    /// A declared area covers TLV bytes already laid out before it.
    case areaOverlapsTLVs(offset: Int, position: Int)
    /// No NDEF TLV before the terminator or the end of the data area.
    case ndefTLVMissing(offset: Int)
    /// A message larger than the NDEF TLV can hold in the space left.
    case messageTooLong(length: Int, capacity: Int)

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .truncated: "truncated"
        case .bccMismatch: "bccMismatch"
        case .uidLength: "uidLength"
        case .badMagic: "badMagic"
        case .unsupportedVersion: "unsupportedVersion"
        case .dataAreaSizeInvalid: "dataAreaSizeInvalid"
        case .tlvLengthTruncated: "tlvLengthTruncated"
        case .tlvValueOverrunsDataArea: "tlvValueOverrunsDataArea"
        case .controlTLVLength: "controlTLVLength"
        case .controlAreaInStaticMemory: "controlAreaInStaticMemory"
        case .areaOverlapsTLVs: "areaOverlapsTLVs"
        case .ndefTLVMissing: "ndefTLVMissing"
        case .messageTooLong: "messageTooLong"
        }
    }

    /// The tag memory address of the offending byte (0 for values given to a builder).
    public var offset: Int {
        switch self {
        case .truncated(let offset, _, _), .bccMismatch(let offset, _, _),
            .badMagic(let offset, _), .unsupportedVersion(let offset, _),
            .dataAreaSizeInvalid(let offset, _), .tlvLengthTruncated(let offset, _),
            .tlvValueOverrunsDataArea(let offset, _, _, _), .controlTLVLength(let offset, _, _),
            .controlAreaInStaticMemory(let offset, _), .areaOverlapsTLVs(let offset, _),
            .ndefTLVMissing(let offset):
            offset
        case .uidLength, .messageTooLong: 0
        }
    }

    /// A one-line explanation naming the address and the offending value.
    public var message: String {
        let at = "address \(offset)"
        switch self {
        case .truncated(_, let needed, let available):
            return "\(at): the field needs \(needed) bytes but only \(available) remain"
        case .bccMismatch(_, let expected, let found):
            return "\(at): BCC is \(Hex.digits(found, uppercase: true)), the UID gives "
                + Hex.digits(expected, uppercase: true)
        case .uidLength(let count):
            return "a \(count)-byte UID: Type 2 Tags have 7 (or, emulated, 4)"
        case .badMagic(_, let value):
            return "\(at): CC magic number is \(Hex.digits(value, uppercase: true)), must be E1"
        case .unsupportedVersion(_, let version):
            return "\(at): mapping version \(version >> 4).\(version & 0x0F) has an unknown "
                + "major version"
        case .dataAreaSizeInvalid(_, let size):
            return "\(at): data area size \(size) is not a multiple of 8 in 8...2040"
        case .tlvLengthTruncated(_, let tag):
            return "\(at): the length field of TLV \(Hex.digits(tag, uppercase: true)) runs past "
                + "the data area"
        case .tlvValueOverrunsDataArea(_, let tag, let length, let available):
            return "\(at): TLV \(Hex.digits(tag, uppercase: true)) length \(length) overruns "
                + "the data area (\(available) usable bytes remain)"
        case .controlTLVLength(_, let tag, let length):
            return "\(at): control TLV \(Hex.digits(tag, uppercase: true)) has length \(length), "
                + "must be 3"
        case .controlAreaInStaticMemory(_, let position):
            return "\(at): the control TLV declares bytes from address \(position), "
                + "inside blocks 0-3"
        case .areaOverlapsTLVs(_, let position):
            return "\(at): the area declared from address \(position) covers TLV bytes "
                + "laid out before it"
        case .ndefTLVMissing:
            return "\(at): no NDEF TLV before the terminator or the end of the data area"
        case .messageTooLong(let length, let capacity):
            return "a \(length)-byte message exceeds the NDEF TLV's capacity of \(capacity) bytes"
        }
    }
}

extension Type2TagError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
