/// GetGeneralStatus (04): the last error, the external field, and the targets in use.
public struct PN533GeneralStatus: Sendable, Hashable {
    /// One target the chip currently handles as initiator.
    public struct Target: Sendable, Hashable {
        /// Logical target number.
        public var tg: UInt8
        /// Receive bit rate code (0 106, 1 212, 2 424, 3 848 kbps).
        public var rxBitRate: UInt8
        /// Transmit bit rate code.
        public var txBitRate: UInt8
        /// Modulation type (00 ISO/IEC 14443 or MIFARE, 01 active, 02 Jewel, 10 FeliCa).
        public var modulation: UInt8

        /// A target entry from its four bytes.
        public init(tg: UInt8, rxBitRate: UInt8, txBitRate: UInt8, modulation: UInt8) {
            self.tg = tg
            self.rxBitRate = rxBitRate
            self.txBitRate = txBitRate
            self.modulation = modulation
        }
    }

    /// The error code of the last command (not a failure of this one).
    public var lastError: PN533Status
    /// An external RF field is present.
    public var externalField: Bool
    /// The targets in use.
    public var targets: [Target]
    /// The SAM status byte a PN532 appends; the PN533 has none.
    public var samStatus: UInt8?

    /// The request: no parameters.
    public static let request = PN533Request(.getGeneralStatus)

    /// Parses `Err Field NbTg [Tg BrRx BrTx Type]… [SAM]`.
    public init(response data: [UInt8]) throws(PN533Error) {
        var reader = PN533ResponseReader(data, command: .getGeneralStatus)
        lastError = PN533Status(byte: try reader.readByte("Err"))
        let fieldOffset = reader.offset
        let field = try reader.readByte("Field")
        guard field <= 1 else { throw reader.invalid("Field", at: fieldOffset, field) }
        externalField = field == 1
        let count = try reader.readByte("NbTg")
        targets = []
        for _ in 0..<count {
            let values = try reader.readBytes(4, "Tg BrRx BrTx Type")
            targets.append(
                Target(
                    tg: values[0], rxBitRate: values[1], txBitRate: values[2], modulation: values[3]
                ))
        }
        samStatus = reader.isAtEnd ? nil : try reader.readByte("SAM status")
        try reader.finish()
    }
}
