import TagFormat

/// What an emulated Type 4 Tag presents to a reader: its capability container, the NDEF
/// application names it answers to, whether it is NDEF formatted at all, and how it departs
/// from a well-behaved tag.
public struct Type4TagConfiguration: Sendable, Hashable {
    /// The CC file's content: mapping version, MLe, MLc and the NDEF file control.
    public var capabilityContainer: CapabilityContainer
    /// Whether SELECT of the mapping 2.0/3.0 name `D2760000850101` succeeds.
    public var answersVersion2Application: Bool
    /// Whether SELECT of the mapping 1.0 name `D2760000850100` succeeds: readers try it only
    /// after the 2.0 name failed, so a tag answering both shows which one a reader used.
    public var answersVersion1Application: Bool
    /// Whether the tag has an NDEF application at all; an unformatted tag answers 6A82 to
    /// both names, as a blank ISO/IEC 14443-4 card does.
    public var isNDEFFormatted: Bool
    /// Unusual and hostile behaviour (a CC file that lies, SELECT refused with or without Le,
    /// no extended APDUs, a missing or short NDEF file); none by default.
    public var quirks: Type4TagQuirks

    /// A configuration around an explicit CC (proprietary access bytes, extra TLVs).
    public init(
        capabilityContainer: CapabilityContainer, answersVersion2Application: Bool = true,
        answersVersion1Application: Bool = false, isNDEFFormatted: Bool = true,
        quirks: Type4TagQuirks = .none
    ) {
        self.capabilityContainer = capabilityContainer
        self.answersVersion2Application = answersVersion2Application
        self.answersVersion1Application = answersVersion1Application
        self.isNDEFFormatted = isNDEFFormatted
        self.quirks = quirks
    }

    /// A configuration whose CC is built from its fields: mapping 3.0 gets the ENDEF File
    /// Control TLV (`06 08`, ENLEN), earlier mappings the NDEF File Control TLV (`04 06`, NLEN);
    /// a read-only tag has write access FF.
    public init(
        mappingVersion: UInt8 = CapabilityContainer.version2,
        maximumResponseDataLength: UInt16 = 0x00FF, maximumCommandDataLength: UInt16 = 0x00FF,
        ndefFileID: UInt16 = NDEFFileControl.defaultFileID, maximumFileSize: UInt32 = 0x0400,
        isReadOnly: Bool = false, answersVersion2Application: Bool = true,
        answersVersion1Application: Bool = false, isNDEFFormatted: Bool = true
    ) {
        let control = NDEFFileControl(
            fileID: ndefFileID, maximumFileSize: maximumFileSize,
            writeAccess: isReadOnly ? NDEFFileControl.accessDenied : NDEFFileControl.accessGranted,
            lengthField: mappingVersion >> 4 >= 3 ? .enlen : .nlen)
        self.init(
            capabilityContainer: CapabilityContainer(
                mappingVersion: mappingVersion,
                maximumResponseDataLength: maximumResponseDataLength,
                maximumCommandDataLength: maximumCommandDataLength, ndefFileControl: control),
            answersVersion2Application: answersVersion2Application,
            answersVersion1Application: answersVersion1Application,
            isNDEFFormatted: isNDEFFormatted)
    }

    /// MLe: the most data bytes one READ BINARY may ask for.
    public var maximumResponseDataLength: Int {
        Int(capabilityContainer.maximumResponseDataLength)
    }
    /// MLc: the most data bytes one UPDATE BINARY may carry.
    public var maximumCommandDataLength: Int {
        Int(capabilityContainer.maximumCommandDataLength)
    }
    /// The NDEF file's size in bytes as the CC announces it, length field included.
    public var maximumFileSize: Int {
        Int(capabilityContainer.ndefFileControl.maximumFileSize)
    }
    /// The NDEF file's real size: the announced one, unless `quirks` make it smaller.
    public var ndefFileSize: Int { quirks.ndefFileSize ?? maximumFileSize }
    /// NLEN or ENLEN.
    public var lengthField: NDEFFileLength { capabilityContainer.ndefFileControl.lengthField }
}
