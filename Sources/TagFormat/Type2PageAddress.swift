/// A tag memory address as Lock and Memory Control TLVs write it: a page address nibble and
/// a byte offset nibble, in pages of 2^n bytes (n is another nibble).
///
/// position = page address * 2^n + byte offset. Not every address is reachable: both
/// nibbles stop at 15.
public struct Type2PageAddress: Sendable, Hashable {
    /// The page address nibble.
    public var pageAddress: UInt8
    /// The byte offset nibble.
    public var byteOffset: UInt8
    /// log2 of the page size.
    public var bytesPerPageExponent: UInt8

    /// Reads the nibbles: byte 0 of a control TLV's value and the exponent nibble.
    public init(byte: UInt8, bytesPerPageExponent: UInt8) {
        pageAddress = byte >> 4
        byteOffset = byte & 0x0F
        self.bytesPerPageExponent = bytesPerPageExponent & 0x0F
    }

    /// The nibbles that reach `position` with the smallest page size; nil when none do.
    public init?(position: Int) {
        guard position >= 0 else { return nil }
        for exponent in 0...15 {
            let pageSize = 1 << exponent
            let page = min(15, position / pageSize)
            let offset = position - page * pageSize
            if offset <= 15 {
                self.init(byte: UInt8(page << 4 | offset), bytesPerPageExponent: UInt8(exponent))
                return
            }
        }
        return nil
    }

    /// The tag memory address.
    public var position: Int { Int(pageAddress) << Int(bytesPerPageExponent) + Int(byteOffset) }

    /// Byte 0 of a control TLV's value.
    public var byte: UInt8 { pageAddress << 4 | byteOffset }
}
