import HexText

/// A TLV block of a Type 2 Tag data area: tag, length (none, 1 byte, or FF + 2 bytes), value.
///
/// NULL (00) and Terminator (FE) are a single byte. A length of 00...FE takes one byte; FF
/// announces a big-endian 2-byte length 00FF...FFFE.
public struct Type2TLV: Sendable, Hashable {
    /// The tag byte.
    public var tag: Type2TLVTag
    /// The value (empty for NULL and Terminator).
    public var value: [UInt8]

    /// Creates a TLV.
    public init(tag: Type2TLVTag, value: [UInt8] = []) {
        self.tag = tag
        self.value = value
    }

    /// How many bytes the length field of a `length`-byte value takes.
    public static func lengthFieldSize(_ length: Int) -> Int { length < 0xFF ? 1 : 3 }

    /// The length field announcing `length` bytes: one byte below FF, else FF and two.
    public static func lengthField(_ length: Int) -> [UInt8] {
        length < 0xFF ? [UInt8(length)] : [0xFF] + bigEndianBytes(length, count: 2)
    }

    /// The TLV's bytes, laid out contiguously.
    public func encoded() -> [UInt8] {
        if tag.isSingleByte { return [tag.rawValue] }
        return [tag.rawValue] + Self.lengthField(value.count) + value
    }
}

/// The tag byte of a Type 2 Tag TLV; values without a name are RFU and skipped by readers.
public struct Type2TLVTag: RawRepresentable, Sendable, Hashable {
    /// The byte.
    public var rawValue: UInt8

    /// Wraps a tag byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 00: padding, one byte.
    public static let null = Type2TLVTag(rawValue: 0x00)
    /// 01: where the dynamic lock bits are.
    public static let lockControl = Type2TLVTag(rawValue: 0x01)
    /// 02: a reserved memory area.
    public static let memoryControl = Type2TLVTag(rawValue: 0x02)
    /// 03: an NDEF message.
    public static let ndefMessage = Type2TLVTag(rawValue: 0x03)
    /// FD: proprietary data.
    public static let proprietary = Type2TLVTag(rawValue: 0xFD)
    /// FE: the last TLV.
    public static let terminator = Type2TLVTag(rawValue: 0xFE)

    /// Whether the TLV is the tag byte alone (NULL, Terminator).
    public var isSingleByte: Bool { self == .null || self == .terminator }

    /// The specification's name for the tag, or `RFU xx`.
    public var name: String {
        switch self {
        case .null: "NULL"
        case .lockControl: "Lock Control"
        case .memoryControl: "Memory Control"
        case .ndefMessage: "NDEF Message"
        case .proprietary: "Proprietary"
        case .terminator: "Terminator"
        default: "RFU \(Hex.digits(rawValue, uppercase: true))"
        }
    }
}
