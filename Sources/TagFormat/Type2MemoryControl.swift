/// The value of a Memory Control TLV (`02 03 PA SZ 0B`): a reserved area readers jump over.
///
/// ```
/// byte 0  high nibble: page address, low nibble: byte offset
/// byte 1  size in bytes (00 means 256)
/// byte 2  high nibble: RFU, low nibble: log2(bytes per page)
/// position = page address * 2^(bytes-per-page nibble) + byte offset   (tag memory address)
/// ```
public struct Type2MemoryControl: Sendable, Hashable {
    /// Where the reserved bytes start.
    public var address: Type2PageAddress
    /// The reserved area's size in bytes (1...256).
    public var size: Int

    /// Decodes a 3-byte TLV value (the parser checked the length); the RFU nibble is dropped.
    public init(value: [UInt8]) {
        address = Type2PageAddress(byte: value[0], bytesPerPageExponent: value[2])
        size = value[1] == 0 ? 256 : Int(value[1])
    }

    /// Describes a reserved area at a tag memory address; nil when the nibbles cannot reach
    /// it or the size is outside 1...256.
    public init?(position: Int, size: Int) {
        guard (1...256).contains(size), let address = Type2PageAddress(position: position)
        else { return nil }
        self.address = address
        self.size = size
    }

    /// The reserved bytes' tag memory addresses.
    public var area: Range<Int> { address.position..<address.position + size }

    /// The 3-byte TLV value.
    public var value: [UInt8] {
        [address.byte, UInt8(truncatingIfNeeded: size), address.bytesPerPageExponent]
    }
}
