import HexText
import TagFormat

/// A tag emulation that cannot be set up as asked: the rule and the offending value.
public enum TagEmulationError: Error, Sendable, Hashable {
    /// The Type 4 Tag's capability container breaks a rule of the T4T specification.
    case capabilityContainer(CapabilityContainerError)
    /// The Type 4 Tag's NDEF file cannot hold the message (or its length field cannot).
    case ndefFile(NDEFFileError)
    /// A raw NDEF file longer than the maximum file size the CC announces.
    case ndefFileTooLong(length: Int, maximumFileSize: Int)
    /// A Type 2 Tag image that is not a whole number of blocks, or has more blocks than a
    /// one-byte block number reaches (256) without SECTOR SELECT.
    case type2ImageSize(bytes: Int)
    /// Two hosted ISO/IEC 7816-4 applications with one identifier, or one named as the NDEF
    /// Tag Application: a SELECT could not tell them apart.
    case duplicateApplication([UInt8])

    /// The rule's stable name.
    public var rule: String {
        switch self {
        case .capabilityContainer(let error): error.rule
        case .ndefFile(let error): error.rule
        case .ndefFileTooLong: "ndefFileTooLong"
        case .type2ImageSize: "type2ImageSize"
        case .duplicateApplication: "duplicateApplication"
        }
    }

    /// A one-line explanation naming the offending value.
    public var message: String {
        switch self {
        case .capabilityContainer(let error): error.message
        case .ndefFile(let error): error.message
        case .ndefFileTooLong(let length, let maximum):
            "a \(length)-byte NDEF file exceeds the maximum file size \(maximum) of the CC"
        case .type2ImageSize(let bytes):
            "a \(bytes)-byte Type 2 image is not 1...256 whole 4-byte blocks"
        case .duplicateApplication(let name):
            "two applications are named \(Hex.encode(name, uppercase: true)): a SELECT could "
                + "not tell them apart"
        }
    }
}

extension TagEmulationError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
