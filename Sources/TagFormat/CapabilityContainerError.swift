import HexText

/// A Type 4 Tag Capability Container that breaks a rule of the T4T specification: the rule,
/// the byte offset in the CC file and the offending value.
public enum CapabilityContainerError: Error, Sendable, Hashable {
    /// The input ends before a field starting at `offset` (`needed` bytes, `available` left).
    case truncated(offset: Int, needed: Int, available: Int)
    /// CCLEN is below the size of the mandatory fields (000F, or 0011 with an ENDEF TLV).
    case ccLengthTooSmall(offset: Int, ccLength: Int, minimum: Int)
    /// CCLEN is FFFF, which the T4T specification reserves (valid: 000F...FFFE).
    case ccLengthReserved(offset: Int, ccLength: Int)
    /// The mapping version's major number is not 1, 2 or 3.
    case unsupportedMappingVersion(offset: Int, version: UInt8)
    /// MLe is below 000F.
    case mleTooSmall(offset: Int, mle: Int)
    /// MLc is 0000.
    case mlcTooSmall(offset: Int, mlc: Int)
    /// The TLV after MLc is neither an NDEF File Control TLV (04) nor, in mapping 3.0, an
    /// ENDEF File Control TLV (06).
    case unknownFileControlTag(offset: Int, tag: UInt8, mappingVersion: UInt8)
    /// The file control TLV's length is not 06 (tag 04) or 08 (tag 06).
    case wrongFileControlLength(offset: Int, tag: UInt8, length: Int, expected: Int)
    /// The NDEF file ID is one of the reserved values 0000, E102, E103, 3F00, 3FFF, FFFF.
    case reservedFileID(offset: Int, fileID: UInt16)
    /// The maximum NDEF file size is outside 0005...FFFE (NLEN) or 00000007...FFFFFFFE (ENLEN).
    case maximumFileSizeOutOfRange(offset: Int, size: Int, allowed: ClosedRange<Int>)

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .truncated: "truncated"
        case .ccLengthTooSmall: "ccLengthTooSmall"
        case .ccLengthReserved: "ccLengthReserved"
        case .unsupportedMappingVersion: "unsupportedMappingVersion"
        case .mleTooSmall: "mleTooSmall"
        case .mlcTooSmall: "mlcTooSmall"
        case .unknownFileControlTag: "unknownFileControlTag"
        case .wrongFileControlLength: "wrongFileControlLength"
        case .reservedFileID: "reservedFileID"
        case .maximumFileSizeOutOfRange: "maximumFileSizeOutOfRange"
        }
    }

    /// The byte offset in the CC file of the offending field.
    public var offset: Int {
        switch self {
        case .truncated(let offset, _, _), .ccLengthTooSmall(let offset, _, _),
            .ccLengthReserved(let offset, _),
            .unsupportedMappingVersion(let offset, _), .mleTooSmall(let offset, _),
            .mlcTooSmall(let offset, _), .unknownFileControlTag(let offset, _, _),
            .wrongFileControlLength(let offset, _, _, _), .reservedFileID(let offset, _),
            .maximumFileSizeOutOfRange(let offset, _, _):
            offset
        }
    }

    /// A one-line explanation naming the offset and the offending value.
    public var message: String {
        let at = "CC offset \(offset)"
        switch self {
        case .truncated(_, let needed, let available):
            return "\(at): the field needs \(needed) bytes but only \(available) remain"
        case .ccLengthTooSmall(_, let ccLength, let minimum):
            return "\(at): CCLEN \(ccLength) is below the minimum \(minimum)"
        case .ccLengthReserved(_, let ccLength):
            return "\(at): CCLEN \(ccLength) (FFFF) is reserved; valid values are 000F...FFFE"
        case .unsupportedMappingVersion(_, let version):
            return "\(at): mapping version \(version >> 4).\(version & 0x0F) "
                + "(0x\(Hex.digits(version, uppercase: true))) has an unknown major version"
        case .mleTooSmall(_, let mle):
            return "\(at): MLe \(mle) is below the minimum 15 (000F)"
        case .mlcTooSmall(_, let mlc):
            return "\(at): MLc \(mlc) is below the minimum 1"
        case .unknownFileControlTag(_, let tag, let version):
            return "\(at): TLV tag \(Hex.digits(tag, uppercase: true)) is not a file control "
                + "TLV for mapping version \(version >> 4).\(version & 0x0F) (04, or 06 from 3.0)"
        case .wrongFileControlLength(_, let tag, let length, let expected):
            return "\(at): file control TLV \(Hex.digits(tag, uppercase: true)) has length "
                + "\(length), must be \(expected)"
        case .reservedFileID(_, let fileID):
            return "\(at): NDEF file ID \(Hex.digits(fileID, uppercase: true)) is reserved"
        case .maximumFileSizeOutOfRange(_, let size, let allowed):
            return "\(at): maximum NDEF file size \(size) is outside "
                + "\(allowed.lowerBound)...\(allowed.upperBound)"
        }
    }
}

extension CapabilityContainerError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
