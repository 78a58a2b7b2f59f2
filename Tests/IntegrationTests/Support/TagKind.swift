import NDEF
import NFCRigTestSupport
import Rig
import TagFormat
import Testing

/// The tags nfcrig's emulator presents to nfcrig's reader in every combination.
enum TagKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Type 4 Tag, mapping 2.0 (NLEN).
    case t4v2
    /// Type 4 Tag, mapping 3.0 (ENLEN).
    case t4v3
    /// Type 2 Tag (NTAG213 layout).
    case t2

    static let type4: [TagKind] = [.t4v2, .t4v3]

    /// An NTAG215's data area: room for messages that need the 3-byte TLV length.
    static let type2DataArea = 496

    var testDescription: String {
        switch self {
        case .t4v2: "Type 4 mapping 2.0"
        case .t4v3: "Type 4 mapping 3.0"
        case .t2: "Type 2"
        }
    }

    var isType4: Bool { self != .t2 }

    /// A tag of this kind holding `content`.
    func setup(bytes content: [UInt8], readOnly: Bool = false, formatted: Bool = true) -> TagSetup {
        switch self {
        case .t4v2, .t4v3:
            .type4(type4Setup(content, readOnly: readOnly, formatted: formatted))
        case .t2:
            .type2(
                Type2Setup(
                    dataAreaSize: Self.type2DataArea, readOnly: readOnly, formatted: formatted,
                    content: content))
        }
    }

    /// A Type 4 Tag of this kind's mapping version (2 KiB file, MLe and MLc FF) holding
    /// `content`.
    func type4Setup(_ content: [UInt8], readOnly: Bool = false, formatted: Bool = true)
        -> Type4Setup
    {
        Type4Setup(
            mappingVersion: self == .t4v3
                ? CapabilityContainer.version3 : CapabilityContainer.version2,
            readOnly: readOnly, formatted: formatted, content: content)
    }

    /// A tag of this kind holding `message`.
    func setup(_ message: NDEFMessage, readOnly: Bool = false) -> TagSetup {
        setup(bytes: TestMessages.bytes(message), readOnly: readOnly)
    }
}
