import ISODEP
import TagFormat

/// A tag an emulator chip presents: its type, layout, state and content. Content is the
/// NDEF message exactly as stored, so cases can put malformed messages on a tag too.
public enum TagSetup: Sendable, Hashable {
    /// An NFC Forum Type 4 tag.
    case type4(Type4Setup)
    /// An NFC Forum Type 2 tag.
    case type2(Type2Setup)

    /// The stored message bytes.
    public var content: [UInt8] {
        switch self {
        case .type4(let setup): setup.content
        case .type2(let setup): setup.content
        }
    }
}

/// A Type 4 tag: mapping version, MLe/MLc, file size, access, formatting, WTX.
public struct Type4Setup: Sendable, Hashable {
    /// 0x20 (mapping 2.0, NLEN) or 0x30 (3.0, ENLEN).
    public var mappingVersion: UInt8
    /// MLe: the most response data per READ BINARY.
    public var maximumResponseDataLength: UInt16
    /// MLc: the most command data per UPDATE BINARY.
    public var maximumCommandDataLength: UInt16
    /// The NDEF file's size, length field included.
    public var maximumFileSize: UInt32
    /// Write access FF.
    public var readOnly: Bool
    /// Whether the tag has the NDEF application at all.
    public var formatted: Bool
    /// Extra time the tag takes per APDU (forces S(WTX) when above the FWT).
    public var responseDelay: Duration
    /// The stored NDEF message.
    public var content: [UInt8]
    /// The ISO-DEP card's ATS, WTX policy and deliberate protocol breaks, the reader's
    /// ISO-DEP blocks then logged (`TagEvent.readerBlock`); nil: the emulator's default card
    /// (FSC 256, FWI 8, keeping every rule).
    public var isoDEP: ISODEPCardConfiguration?

    /// Creates a setup; the defaults are a common 2 KiB mapping-2.0 tag.
    public init(
        mappingVersion: UInt8 = CapabilityContainer.version2,
        maximumResponseDataLength: UInt16 = 0x00FF, maximumCommandDataLength: UInt16 = 0x00FF,
        maximumFileSize: UInt32 = 0x0800, readOnly: Bool = false, formatted: Bool = true,
        responseDelay: Duration = .zero, content: [UInt8], isoDEP: ISODEPCardConfiguration? = nil
    ) {
        self.isoDEP = isoDEP
        self.mappingVersion = mappingVersion
        self.maximumResponseDataLength = maximumResponseDataLength
        self.maximumCommandDataLength = maximumCommandDataLength
        self.maximumFileSize = maximumFileSize
        self.readOnly = readOnly
        self.formatted = formatted
        self.responseDelay = responseDelay
        self.content = content
    }
}

/// A Type 2 tag: data area size, access, formatting, or a whole layout.
public struct Type2Setup: Sendable, Hashable {
    /// The data area in bytes (144 for an NTAG213, 496 for an NTAG215).
    public var dataAreaSize: Int
    /// CC access 0F.
    public var readOnly: Bool
    /// Whether the tag carries an NDEF CC at all.
    public var formatted: Bool
    /// The data area TLV by TLV, CC and lock bits with it (unusual and hostile layouts); when
    /// set, it replaces `dataAreaSize`, `readOnly` and `formatted`, and `content` goes where
    /// its `.message` element stands.
    public var layout: Type2LayoutVariant?
    /// The stored NDEF message.
    public var content: [UInt8]

    /// Creates a setup; the default is an NTAG213-sized tag.
    public init(
        dataAreaSize: Int = 144, readOnly: Bool = false, formatted: Bool = true,
        layout: Type2LayoutVariant? = nil, content: [UInt8]
    ) {
        self.dataAreaSize = layout?.dataAreaSize ?? dataAreaSize
        self.readOnly = readOnly
        self.formatted = formatted
        self.layout = layout
        self.content = content
    }
}
