/// The file control information a card answers a SELECT with (ISO/IEC 7816-4 §7.4.1, the
/// FCI template `6F`): the DF name (`84`), then the application's proprietary data (`A5`,
/// an EMV card's label and preferences, for instance), each a BER-TLV.
public struct FileControlInformation: Sendable, Hashable {
    /// The DF name: the application identifier selected.
    public var dfName: [UInt8]
    /// The FCI proprietary template's content (nothing when the card has none: no `A5`).
    public var proprietaryData: [UInt8]

    /// Tag of the FCI template.
    public static let templateTag: UInt8 = 0x6F
    /// Tag of the DF name inside it.
    public static let dfNameTag: UInt8 = 0x84
    /// Tag of the FCI proprietary template.
    public static let proprietaryTag: UInt8 = 0xA5

    /// An FCI naming `dfName`, with `proprietaryData` in an `A5` template when not empty.
    public init(dfName: [UInt8], proprietaryData: [UInt8] = []) {
        self.dfName = dfName
        self.proprietaryData = proprietaryData
    }

    /// The template's bytes, BER-TLV lengths in their shortest form (`81`/`82` above 127).
    public func encoded() -> [UInt8] {
        var content = Self.tlv(Self.dfNameTag, dfName)
        if !proprietaryData.isEmpty { content += Self.tlv(Self.proprietaryTag, proprietaryData) }
        return Self.tlv(Self.templateTag, content)
    }

    /// One BER-TLV with a one-byte tag.
    static func tlv(_ tag: UInt8, _ value: [UInt8]) -> [UInt8] {
        let length: [UInt8] =
            switch value.count {
            case 0..<0x80: [UInt8(value.count)]
            case 0x80...0xFF: [0x81, UInt8(value.count)]
            default: [0x82, UInt8(value.count >> 8), UInt8(value.count & 0xFF)]
            }
        return [tag] + length + value
    }
}
