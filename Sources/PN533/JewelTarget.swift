/// A Jewel (Type 1 tag) target InListPassiveTarget found at 106 kbps.
public struct JewelTarget: Sendable, Hashable {
    /// Logical target number.
    public var tg: UInt8
    /// SENS_RES, 2 bytes.
    public var sensRes: [UInt8]
    /// The 4-byte Jewel ID.
    public var jewelID: [UInt8]

    /// A target from its fields.
    public init(tg: UInt8, sensRes: [UInt8], jewelID: [UInt8]) {
        self.tg = tg
        self.sensRes = sensRes
        self.jewelID = jewelID
    }
}
