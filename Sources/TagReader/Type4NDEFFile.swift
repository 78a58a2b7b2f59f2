import TagFormat

/// Where a Type 4 Tag keeps its message, as NDEF detection found it.
public struct Type4NDEFFile: Sendable, Hashable {
    /// The CC file's contents.
    public var capabilityContainer: CapabilityContainer
    /// Whether only the mapping 1.0 application name could be selected: file SELECTs then
    /// use P2 00 instead of 0C, as nfcpy does.
    public var selectedByVersion1Name: Bool

    /// Creates a layout.
    public init(capabilityContainer: CapabilityContainer, selectedByVersion1Name: Bool) {
        self.capabilityContainer = capabilityContainer
        self.selectedByVersion1Name = selectedByVersion1Name
    }

    /// NLEN (2 bytes) or, in mapping 3.0 with an ENDEF file, ENLEN (4 bytes).
    public var lengthField: NDEFFileLength { capabilityContainer.ndefFileControl.lengthField }

    /// The largest message the file holds.
    public var capacity: Int { capabilityContainer.ndefMessageCapacity }

    /// Read-write when the write access condition is 00, read-only otherwise.
    public var status: NFCNDEFStatus { capabilityContainer.isWritable ? .readWrite : .readOnly }

    /// The most bytes one READ BINARY asks for: MLe, but at most 256 (short Le `00`), since
    /// short APDUs are all a Type 4 Tag must understand.
    public var readLimit: Int { min(Int(capabilityContainer.maximumResponseDataLength), 256) }

    /// The most bytes one UPDATE BINARY carries: MLc, but at most 255 (short Lc).
    public var writeLimit: Int { min(Int(capabilityContainer.maximumCommandDataLength), 255) }

    /// The offset of the write access byte in the CC file (after tag, length, file ID, size
    /// and read access of the file control TLV).
    public var writeAccessOffset: Int {
        CapabilityContainer.fileControlOffset + 2 + capabilityContainer.ndefFileControl.valueLength
            - 1
    }
}
