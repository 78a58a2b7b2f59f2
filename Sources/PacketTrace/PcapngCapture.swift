/// What `PcapngReader` read from a trace file.
public struct PcapngCapture: Sendable, Hashable {
    /// The section header's comments, in order.
    public var comments: [String]
    /// The application that wrote the file (`shb_userappl`), if named.
    public var application: String?
    /// The interfaces, by interface ID.
    public var interfaces: [PcapngInterface]
    /// The packets, in file order.
    public var packets: [PcapngPacket]
    /// Blocks of other types (statistics, name resolution, simple packets...), skipped.
    public var skippedBlocks: Int
    /// usbmon packets that carry no bulk transfer's bytes (the empty half of a transfer,
    /// control and interrupt transfers, errors), skipped.
    public var skippedTransfers: Int

    /// A capture.
    public init(
        comments: [String] = [], application: String? = nil, interfaces: [PcapngInterface] = [],
        packets: [PcapngPacket] = [], skippedBlocks: Int = 0, skippedTransfers: Int = 0
    ) {
        self.comments = comments
        self.application = application
        self.interfaces = interfaces
        self.packets = packets
        self.skippedBlocks = skippedBlocks
        self.skippedTransfers = skippedTransfers
    }
}

/// An Interface Description Block as read.
public struct PcapngInterface: Sendable, Hashable {
    /// Its link type.
    public var linkType: PcapngLinkType
    /// `if_name`, if present.
    public var name: String?
    /// `if_description`, if present.
    public var description: String?
    /// `if_tsresol` as read (6, microseconds, when absent).
    public var timestampResolution: UInt8
    /// Where the block starts in the file.
    public var offset: Int

    /// An interface.
    public init(
        linkType: PcapngLinkType, name: String?, description: String?,
        timestampResolution: UInt8, offset: Int
    ) {
        self.linkType = linkType
        self.name = name
        self.description = description
        self.timestampResolution = timestampResolution
        self.offset = offset
    }
}

/// An Enhanced Packet Block as read, its packet turned back into a trace record.
public struct PcapngPacket: Sendable, Hashable {
    /// The interface ID.
    public var interface: Int
    /// The record, its timestamp in nanoseconds.
    public var record: TraceRecord
    /// The device a USB packet's usbmon header names; `nil` for RF packets.
    public var usbAddress: USBDeviceAddress?
    /// The packet's comments (`opt_comment`), e.g. what the trace dropped before it.
    public var comments: [String]
    /// Where the block starts in the file.
    public var offset: Int

    /// A packet.
    public init(
        interface: Int, record: TraceRecord, usbAddress: USBDeviceAddress? = nil,
        comments: [String] = [], offset: Int
    ) {
        self.interface = interface
        self.record = record
        self.usbAddress = usbAddress
        self.comments = comments
        self.offset = offset
    }
}
