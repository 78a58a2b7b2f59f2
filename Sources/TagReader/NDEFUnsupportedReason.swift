import HexText
import NDEF
import PN533
import TagFormat

/// Why a tag does not count as NDEF: the step of the NDEF detection procedure that failed and
/// what the tag answered there.
public enum NDEFUnsupportedReason: Sendable, Hashable, CustomStringConvertible {
    /// The target is of no tag type the reader speaks (SENS_RES, SEL_RES shown).
    case unsupportedTagType(sensRes: [UInt8], selRes: UInt8)
    /// Neither NDEF application name (2.0, then 1.0 after 6A82) could be selected.
    case noNDEFApplication(StatusWord)
    /// The CC file E103 could not be selected.
    case noCapabilityContainer(StatusWord)
    /// The CC file breaks a rule of the Type 4 Tag specification.
    case invalidCapabilityContainer(CapabilityContainerError)
    /// The NDEF file the CC names could not be selected.
    case noNDEFFile(fileID: UInt16, StatusWord)
    /// The NDEF file's read access condition is not 00 (granted).
    case ndefFileNotReadable(readAccess: UInt8)
    /// A write access byte the reader takes for invalid: 80...FE, which the T4T specification
    /// makes proprietary (the `rejects-proprietary-access` fault only).
    case writeAccessNotUnderstood(UInt8)
    /// A Type 2 Tag's CC has no E1 magic number, a major version other than 1, or no size.
    case invalidType2CapabilityContainer(Type2TagError)
    /// A Type 2 Tag's CC denies reading (read access nibble shown).
    case type2NotReadable(access: UInt8)
    /// A Type 2 Tag's data area holds no NDEF Message TLV.
    case noNDEFMessageTLV

    public var description: String {
        switch self {
        case .unsupportedTagType(let sensRes, let selRes):
            "no NDEF procedures for SENS_RES \(Hex.encode(sensRes)) SEL_RES "
                + Hex.encode([selRes])
        case .noNDEFApplication(let word): "SELECT of the NDEF application answered \(word)"
        case .noCapabilityContainer(let word): "SELECT of the CC file answered \(word)"
        case .invalidCapabilityContainer(let error): "invalid CC: \(error)"
        case .noNDEFFile(let fileID, let word):
            "SELECT of NDEF file \(Hex.encode([UInt8(fileID >> 8), UInt8(fileID & 0xFF)])) "
                + "answered \(word)"
        case .ndefFileNotReadable(let access):
            "NDEF file read access is \(Hex.encode([access])), not 00"
        case .writeAccessNotUnderstood(let access):
            "NDEF file write access \(Hex.encode([access])) is neither 00 nor FF"
        case .invalidType2CapabilityContainer(let error): "invalid Type 2 CC: \(error)"
        case .type2NotReadable(let access):
            "Type 2 CC access \(Hex.encode([access])) denies reading"
        case .noNDEFMessageTLV: "the data area holds no NDEF Message TLV"
        }
    }
}
