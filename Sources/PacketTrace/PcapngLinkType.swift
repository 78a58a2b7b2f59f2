/// The link types nfcrig's trace files use (tcpdump.org's LINKTYPE_ registry).
public enum PcapngLinkType: UInt16, Sendable, Hashable, CaseIterable {
    /// LINKTYPE_USB_LINUX_MMAPPED (220): a 64-byte usbmon header, then the transfer's bytes.
    case usbLinuxMemoryMapped = 220
    /// LINKTYPE_ISO_14443 (264): a 4-byte pseudo-header, then the frame.
    case iso14443 = 264
}
