/// Block types and option codes of the pcapng format (IETF draft-ietf-opsawg-pcapng) that
/// nfcrig writes and reads.
enum PcapngBlock {
    static let sectionHeader: UInt32 = 0x0A0D_0D0A
    static let interfaceDescription: UInt32 = 0x0000_0001
    static let enhancedPacket: UInt32 = 0x0000_0006
    /// The byte-order magic as a little-endian writer stores it.
    static let byteOrderMagic: UInt32 = 0x1A2B_3C4D
    /// The magic as a big-endian writer stores it, read little-endian.
    static let byteOrderMagicSwapped: UInt32 = 0x4D3C_2B1A
    static let majorVersion: UInt16 = 1
    static let minorVersion: UInt16 = 0
    /// Block type, total length, ..., total length again.
    static let headerSize = 8
    static let trailerSize = 4
    /// The smallest block: type and the two lengths.
    static let minimumSize = 12
    /// Byte-order magic, major and minor version, section length.
    static let sectionHeaderFixedSize = 16
    /// Link type, reserved, snap length.
    static let interfaceDescriptionFixedSize = 8
    /// Interface ID, timestamp high and low, captured and original length.
    static let enhancedPacketFixedSize = 20

    /// Option codes.
    enum Option {
        static let endOfOptions: UInt16 = 0
        static let comment: UInt16 = 1
        /// `shb_userappl`: the application that wrote the section.
        static let userApplication: UInt16 = 4
        static let interfaceName: UInt16 = 2
        static let interfaceDescription: UInt16 = 3
        /// `if_tsresol`: one byte, 10^-n seconds per tick, or 2^-n with the top bit set.
        static let timestampResolution: UInt16 = 9
    }

    /// `if_tsresol` 9: timestamps in nanoseconds.
    static let nanosecondResolution: UInt8 = 9
}
