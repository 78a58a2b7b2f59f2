import ISODEP
import TagEmulation
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

/// A Type 4 tag: mapping version, MLe/MLc, the NDEF file and its access, the CC's other TLVs,
/// the application names it answers, formatting, WTX, and how it departs from a well-behaved
/// tag (`quirks`, `declaredMessageLength`).
public struct Type4Setup: Sendable, Hashable {
    /// 0x20 (mapping 2.0, NLEN) or 0x30 (3.0, ENLEN); 0x10 for a mapping 1.0 tag, a minor
    /// version such as 0x21 as the tag presents it. A major version the specification does
    /// not define is `quirks.announcedMappingVersion`.
    public var mappingVersion: UInt8
    /// MLe: the most response data per READ BINARY.
    public var maximumResponseDataLength: UInt16
    /// MLc: the most command data per UPDATE BINARY.
    public var maximumCommandDataLength: UInt16
    /// The NDEF file's size as the CC announces it, length field included.
    public var maximumFileSize: UInt32
    /// The NDEF file's identifier (E104 by convention).
    public var ndefFileID: UInt16
    /// The NDEF file's write access byte: 00 writable, FF read-only, 80...FE proprietary.
    public var writeAccess: UInt8
    /// Whether the tag answers the mapping 2.0/3.0 application name `D2760000850101`.
    public var answersVersion2Application: Bool
    /// Whether the tag answers the mapping 1.0 name `D2760000850100`.
    public var answersVersion1Application: Bool
    /// TLVs the CC holds after its NDEF file control (proprietary file controls), raw: CCLEN
    /// grows by their length.
    public var additionalCCTLVs: [UInt8]
    /// Whether the tag has the NDEF application at all.
    public var formatted: Bool
    /// Extra time the tag takes per APDU (forces S(WTX) when above the FWT).
    public var responseDelay: Duration
    /// The stored NDEF message (after a lying length field, the bytes that follow it).
    public var content: [UInt8]
    /// The ISO-DEP card's ATS, WTX policy and deliberate protocol breaks, the reader's
    /// ISO-DEP blocks then logged (`TagEvent.readerBlock`); nil: the emulator's default card
    /// (FSC 256, FWI 8, keeping every rule).
    public var isoDEP: ISODEPCardConfiguration?
    /// The NLEN (ENLEN) the NDEF file starts with, when it is not `content`'s length: 0 over a
    /// stale message, or more than the file holds.
    public var declaredMessageLength: Int?
    /// How the tag departs from a well-behaved one; none by default.
    public var quirks: Type4TagQuirks
    /// ISO/IEC 7816-4 applications the card hosts beside the NDEF Tag Application (instead
    /// of it when not `formatted`).
    public var applications: [ISO7816Application]

    /// Creates a setup; the defaults are a common 2 KiB mapping-2.0 tag.
    public init(
        mappingVersion: UInt8 = CapabilityContainer.version2,
        maximumResponseDataLength: UInt16 = 0x00FF, maximumCommandDataLength: UInt16 = 0x00FF,
        maximumFileSize: UInt32 = 0x0800, readOnly: Bool = false, formatted: Bool = true,
        responseDelay: Duration = .zero, content: [UInt8],
        ndefFileID: UInt16 = NDEFFileControl.defaultFileID, writeAccess: UInt8? = nil,
        answersVersion2Application: Bool = true, answersVersion1Application: Bool = false,
        additionalCCTLVs: [UInt8] = [], declaredMessageLength: Int? = nil,
        quirks: Type4TagQuirks = .none, isoDEP: ISODEPCardConfiguration? = nil,
        applications: [ISO7816Application] = []
    ) {
        self.applications = applications
        self.isoDEP = isoDEP
        self.mappingVersion = mappingVersion
        self.maximumResponseDataLength = maximumResponseDataLength
        self.maximumCommandDataLength = maximumCommandDataLength
        self.maximumFileSize = maximumFileSize
        self.ndefFileID = ndefFileID
        self.writeAccess =
            writeAccess ?? (readOnly ? NDEFFileControl.accessDenied : NDEFFileControl.accessGranted)
        self.answersVersion2Application = answersVersion2Application
        self.answersVersion1Application = answersVersion1Application
        self.additionalCCTLVs = additionalCCTLVs
        self.formatted = formatted
        self.responseDelay = responseDelay
        self.content = content
        self.declaredMessageLength = declaredMessageLength
        self.quirks = quirks
    }

    /// Write access FF.
    public var readOnly: Bool {
        get { writeAccess == NDEFFileControl.accessDenied }
        set {
            writeAccess = newValue ? NDEFFileControl.accessDenied : NDEFFileControl.accessGranted
        }
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
