/// Why bytes are not a trace file nfcrig reads. Every case carries the offending value and
/// the byte offset, from the start of the file, of the field that holds it.
public enum PcapngReadError: Error, Sendable, Hashable {
    /// The file ends inside a block: `needed` bytes from `offset` on, `available` there.
    case truncated(offset: Int, needed: Int, available: Int)
    /// The first block is not a Section Header Block.
    case notASectionHeader(blockType: UInt32, offset: Int)
    /// The byte-order magic is not 1A2B3C4D as a little-endian writer stores it
    /// (`4D3C2B1A` is a big-endian file, which nfcrig does not read).
    case byteOrderMagic(UInt32, offset: Int)
    /// A pcapng major version other than 1.
    case unsupportedVersion(major: UInt16, offset: Int)
    /// A second Section Header Block: nfcrig writes one section per file.
    case secondSection(offset: Int)
    /// A block's total length is below the 12 bytes of its header and trailer, below its
    /// type's fixed fields, or not a multiple of 4.
    case blockLength(UInt32, blockType: UInt32, offset: Int)
    /// A block's total length reaches past the end of the file (`available` bytes from
    /// the block's start).
    case blockLengthExceedsFile(UInt32, offset: Int, available: Int)
    /// The total length repeated at a block's end disagrees with the one at its start.
    case trailingBlockLength(UInt32, expected: UInt32, offset: Int)
    /// An option's value reaches past its block's end.
    case optionLength(code: UInt16, length: UInt16, offset: Int)
    /// `if_tsresol` is not one byte, or names a resolution finer than nanoseconds can hold.
    case timestampResolution(UInt8, offset: Int)
    /// An interface's link type is neither ISO 14443 (264) nor USB Linux mmapped (220).
    case unsupportedLinkType(UInt16, offset: Int)
    /// A packet names an interface no Interface Description Block described.
    case unknownInterface(UInt32, offset: Int)
    /// A timestamp too late to be counted in nanoseconds in an `Int64` (after 2262).
    case timestampOutOfRange(ticks: UInt64, offset: Int)
    /// A packet's captured length reaches past its block's end (`available` bytes there).
    case capturedLength(UInt32, offset: Int, available: Int)
    /// A packet shorter than its link type's header (`needed` bytes).
    case packetTooShort(length: Int, needed: Int, offset: Int)
    /// The ISO 14443 pseudo-header's version is not 0.
    case pseudoHeaderVersion(UInt8, offset: Int)
    /// The ISO 14443 pseudo-header's event is none of FA–FF.
    case pseudoHeaderEvent(UInt8, offset: Int)
    /// The ISO 14443 pseudo-header's length disagrees with the `actual` bytes after it
    /// (a field switch has none).
    case pseudoHeaderLength(UInt16, actual: Int, offset: Int)
    /// A usbmon header's event type is none of 'S', 'C', 'E'.
    case usbEventType(UInt8, offset: Int)
    /// A usbmon header's captured length disagrees with the `actual` bytes after it.
    case usbCapturedLength(UInt32, actual: Int, offset: Int)
}
