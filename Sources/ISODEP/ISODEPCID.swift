/// The CID byte after a PCB whose CID bit is set (ISO/IEC 14443-4 §7.1.2.2).
///
/// ```
///  b8 b7  b6 b5  b4 b3 b2 b1
///  power   00    CID 0–14
///  level   RFU
/// ```
/// A reader sends power level 0; a card may report one.
public struct ISODEPCID: Sendable, Hashable, CustomStringConvertible {
    /// The card identifier, 0–14 (15 is RFU).
    public var value: UInt8
    /// The power level indication, 0–3, from a card.
    public var powerLevel: UInt8

    /// A CID byte; only the low 4 bits of `value` and 2 bits of `powerLevel` are sent.
    public init(_ value: UInt8, powerLevel: UInt8 = 0) {
        self.value = value
        self.powerLevel = powerLevel
    }

    /// The byte as sent.
    public var byte: UInt8 { (powerLevel & 0x03) << 6 | (value & 0x0F) }

    /// Reads the CID byte at `offset`.
    ///
    /// - Throws: `.reservedCID` when bits 6–5 are set or the CID is 15.
    public init(byte: UInt8, offset: Int) throws(ISODEPBlockError) {
        guard byte & 0x30 == 0, byte & 0x0F != 0x0F else {
            throw .reservedCID(byte: byte, offset: offset)
        }
        self.init(byte & 0x0F, powerLevel: byte >> 6)
    }

    /// `CID n`, with the power level when there is one.
    public var description: String {
        powerLevel == 0 ? "CID \(value)" : "CID \(value) power \(powerLevel)"
    }
}
