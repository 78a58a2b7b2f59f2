/// One interface of a trace file: an RF field as one reader's (or one emulator's) antenna
/// sees it, or the USB link to one PN533. Each becomes a pcapng Interface Description Block.
public struct TraceInterface: Sendable, Hashable {
    /// What the interface captures, and so the link type of its packets.
    public enum Link: Sendable, Hashable {
        /// ISO/IEC 14443 frames and field switches (LINKTYPE_ISO_14443).
        case rf
        /// Bulk transfers of the PN533 at `address` (LINKTYPE_USB_LINUX_MMAPPED), on the
        /// endpoints every known PN533 reader has: OUT `04`, IN `84`.
        case usb(USBDeviceAddress)
    }

    /// The interface's short name (pcapng `if_name`), e.g. `rf` or `usb-reader`.
    public var name: String
    /// What it is, for a person (pcapng `if_description`), e.g.
    /// `NXP PN533 04cc:2533, the reader under test`.
    public var description: String
    /// What it captures.
    public var link: Link

    /// An interface.
    public init(name: String, description: String, link: Link) {
        self.name = name
        self.description = description
        self.link = link
    }

    /// The pcapng link type of its packets.
    public var linkType: PcapngLinkType {
        switch link {
        case .rf: .iso14443
        case .usb: .usbLinuxMemoryMapped
        }
    }

    /// Whether records of `kind` belong on this interface.
    public func carries(_ kind: TraceRecordKind) -> Bool {
        switch link {
        case .rf: kind.isRF
        case .usb: !kind.isRF
        }
    }
}
