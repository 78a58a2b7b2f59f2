/// The flag octet that opens every NDEF record on the wire (NDEF 1.0, §3.2).
public struct NDEFRecordHeader: Sendable, Hashable {
    /// The raw flag octet: MB ME CF SR IL TNF(3).
    public var rawValue: UInt8

    /// Message begin.
    public static let messageBegin: UInt8 = 0x80
    /// Message end.
    public static let messageEnd: UInt8 = 0x40
    /// Chunk flag: more chunks of this payload follow.
    public static let chunk: UInt8 = 0x20
    /// Short record: a one-octet payload length.
    public static let shortRecord: UInt8 = 0x10
    /// An ID_LENGTH field is present.
    public static let identifierLength: UInt8 = 0x08

    /// Wraps a raw flag octet.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Builds a flag octet from its parts.
    public init(
        typeNameFormat: TypeNameFormat, messageBegin: Bool, messageEnd: Bool, chunk: Bool,
        shortRecord: Bool, identifierLengthPresent: Bool
    ) {
        var value = typeNameFormat.rawValue
        if messageBegin { value |= Self.messageBegin }
        if messageEnd { value |= Self.messageEnd }
        if chunk { value |= Self.chunk }
        if shortRecord { value |= Self.shortRecord }
        if identifierLengthPresent { value |= Self.identifierLength }
        rawValue = value
    }

    /// MB: this is the first record of the message.
    public var isMessageBegin: Bool { rawValue & Self.messageBegin != 0 }
    /// ME: this is the last record of the message.
    public var isMessageEnd: Bool { rawValue & Self.messageEnd != 0 }
    /// CF: this is an initial or middle chunk.
    public var isChunk: Bool { rawValue & Self.chunk != 0 }
    /// SR: the payload length field is one octet.
    public var isShortRecord: Bool { rawValue & Self.shortRecord != 0 }
    /// IL: an ID_LENGTH field follows the payload length.
    public var hasIdentifierLength: Bool { rawValue & Self.identifierLength != 0 }
    /// The type name format; all eight values are representable.
    public var typeNameFormat: TypeNameFormat { TypeNameFormat(rawValue: rawValue & 0x07)! }
}
