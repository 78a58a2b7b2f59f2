import HexText

/// One line for a person, after the file's name: what is wrong and at which byte, e.g.
/// `the file ends at byte 120 inside a block: 12 bytes needed from offset 116, 4 there`.
extension PcapngReadError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .truncated(let offset, let needed, let available):
            "the file ends at byte \(offset + available) inside a block: \(needed) bytes "
                + "needed from offset \(offset), \(available) there"
        case .notASectionHeader(let blockType, let offset):
            "not a pcapng file: the first block's type is \(Self.hex(blockType)) at offset "
                + "\(offset), not a Section Header Block (0A0D0D0A)"
                + (Self.classicPcapMagics.contains(blockType)
                    ? "; it is a classic pcap file: convert it with `editcap -F pcapng`" : "")
        case .byteOrderMagic(let magic, let offset):
            "byte-order magic \(Self.hex(magic)) at offset \(offset): "
                + (magic == 0x4D3C_2B1A
                    ? "a big-endian file, which nfcrig does not read"
                    : "not 1A2B3C4D, not a pcapng file")
        case .unsupportedVersion(let major, let offset):
            "pcapng major version \(major) at offset \(offset); nfcrig reads version 1"
        case .secondSection(let offset):
            "a second Section Header Block at offset \(offset); nfcrig reads one section a file"
        case .blockLength(let length, let blockType, let offset):
            "block length \(length) at offset \(offset) (block type \(Self.hex(blockType))) "
                + "is too small for the block or not a multiple of 4"
        case .blockLengthExceedsFile(let length, let offset, let available):
            "block length \(length) at offset \(offset) reaches past the end of the file "
                + "(\(available) bytes from the block's start)"
        case .trailingBlockLength(let length, let expected, let offset):
            "the block length repeated at offset \(offset) is \(length), not \(expected)"
        case .optionLength(let code, let length, let offset):
            "option \(code)'s length \(length) at offset \(offset) reaches past its block"
        case .timestampResolution(let value, let offset):
            "timestamp resolution \(Self.hex(value)) at offset \(offset) is finer than "
                + "nanoseconds or not one byte"
        case .unsupportedLinkType(let linkType, let offset):
            "link type \(linkType) at offset \(offset): nfcrig reads ISO 14443 (264) and "
                + "USB Linux mmapped (220)"
        case .unknownInterface(let id, let offset):
            "packet at offset \(offset) names interface \(id), which no Interface "
                + "Description Block described"
        case .timestampOutOfRange(let ticks, let offset):
            "timestamp \(ticks) at offset \(offset) is too late to count in nanoseconds"
        case .capturedLength(let length, let offset, let available):
            "captured length \(length) at offset \(offset) reaches past its block "
                + "(\(available) bytes there)"
        case .packetTooShort(let length, let needed, let offset):
            "packet at offset \(offset) has \(length) bytes, shorter than its link type's "
                + "header (\(needed))"
        case .pseudoHeaderVersion(let version, let offset):
            "ISO 14443 pseudo-header version \(version) at offset \(offset), not 0"
        case .pseudoHeaderEvent(let event, let offset):
            "ISO 14443 pseudo-header event \(Self.hex(event)) at offset \(offset), none of FA–FF"
        case .pseudoHeaderLength(let length, let actual, let offset):
            "ISO 14443 pseudo-header length \(length) at offset \(offset), but \(actual) "
                + "bytes follow it"
        case .usbEventType(let type, let offset):
            "usbmon event type \(Self.hex(type)) at offset \(offset), none of 'S', 'C', 'E'"
        case .usbCapturedLength(let length, let actual, let offset):
            "usbmon captured length \(length) at offset \(offset), but \(actual) bytes "
                + "follow the header"
        }
    }

    /// The magic numbers a classic (not pcapng) pcap file opens with, read little-endian:
    /// microsecond and nanosecond timestamps, either byte order.
    private static let classicPcapMagics: Set<UInt32> = [
        0xA1B2_C3D4, 0xD4C3_B2A1, 0xA1B2_3C4D, 0x4D3C_B2A1,
    ]

    private static func hex<T: FixedWidthInteger & UnsignedInteger>(_ value: T) -> String {
        Hex.digits(value, uppercase: true)
    }
}
