/// TgGetTargetStatus (8A): the chip's state as a target and the bit rates in use.
public struct PN533TargetStatus: Sendable, Hashable {
    /// The state byte: 01 while activated by an initiator, 00 otherwise (free or released).
    public var state: UInt8
    /// BRit: initiator→target rate in bits 4–6, target→initiator in bits 0–2; absent when
    /// the chip sends only the state.
    public var bitRates: UInt8?

    /// The request: no parameters.
    public static let request = PN533Request(.tgGetTargetStatus)

    /// A status from its parts.
    public init(state: UInt8, bitRates: UInt8?) {
        self.state = state
        self.bitRates = bitRates
    }

    /// Parses `Status [BRit]`.
    public init(response data: [UInt8]) throws(PN533Error) {
        var reader = PN533ResponseReader(data, command: .tgGetTargetStatus)
        state = try reader.readByte("Status")
        bitRates = reader.isAtEnd ? nil : try reader.readByte("BRit")
        try reader.finish()
    }

    /// Activated by an initiator.
    public var isActivated: Bool { state == 0x01 }
    /// The initiator→target rate in kbps, while activated.
    public var initiatorToTargetKbps: Int? { kbps(bitRates.map { $0 >> 4 }) }
    /// The target→initiator rate in kbps, while activated.
    public var targetToInitiatorKbps: Int? { kbps(bitRates) }

    private func kbps(_ code: UInt8?) -> Int? {
        guard isActivated, let code else { return nil }
        let rate = Int(code & 0x07)
        return rate <= 2 ? 106 << rate : nil
    }
}
