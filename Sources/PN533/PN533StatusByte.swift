/// A response's status byte: the error code in bits 0–5, MI (more information, bit 6) and
/// NAD present (bit 7).
public struct PN533StatusByte: Sendable, Hashable {
    /// The byte as received.
    public var rawValue: UInt8

    /// Wraps a status byte.
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    /// The error code.
    public var status: PN533Status { PN533Status(byte: rawValue) }
    /// MI: more data follows; fetch it with another InDataExchange or TgGetData.
    public var moreInformation: Bool { rawValue & 0x40 != 0 }
    /// The DEP frame carried a NAD byte.
    public var nadPresent: Bool { rawValue & 0x80 != 0 }
}
