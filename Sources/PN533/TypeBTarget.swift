/// A type B target InListPassiveTarget found (and the chip activated with ATTRIB).
public struct TypeBTarget: Sendable, Hashable {
    /// Logical target number.
    public var tg: UInt8
    /// ATQB (SENSB_RES), 12 bytes: 50, PUPI (4), application data (4), protocol info (3).
    public var atqb: [UInt8]
    /// The ATTRIB response.
    public var attribRes: [UInt8]

    /// A target from its fields.
    public init(tg: UInt8, atqb: [UInt8], attribRes: [UInt8]) {
        self.tg = tg
        self.atqb = atqb
        self.attribRes = attribRes
    }
}
