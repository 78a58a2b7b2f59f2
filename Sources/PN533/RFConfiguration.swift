/// RFConfiguration (32): one configuration item and its data; the response is empty.
public enum PN533RFConfiguration: Sendable, Hashable {
    /// Item 01: the RF field on or off, and automatic RF collision avoidance.
    case field(on: Bool, autoRFCA: Bool = false)
    /// Item 02: timeouts for ATR_RES and for the other RF exchanges (the first byte is RFU).
    case timeouts(atrResponse: PN533RFTimeout, retry: PN533RFTimeout)
    /// Item 04: MaxRtyCOM, retries of InDataExchange/InCommunicateThru on a timeout.
    case communicationRetries(UInt8)
    /// Item 05: retries of ATR_REQ, PSL_REQ and passive activation (FF: forever).
    case retries(atr: UInt8, psl: UInt8, passiveActivation: UInt8)
    /// Any other item (the analog settings 0A–0D, …) with its raw data.
    case raw(item: UInt8, data: [UInt8])

    /// The item number.
    public var item: UInt8 {
        switch self {
        case .field: 0x01
        case .timeouts: 0x02
        case .communicationRetries: 0x04
        case .retries: 0x05
        case .raw(let item, _): item
        }
    }

    /// The configuration data after the item number.
    public var data: [UInt8] {
        switch self {
        case .field(let on, let autoRFCA): [(on ? 0x01 : 0x00) | (autoRFCA ? 0x02 : 0x00)]
        case .timeouts(let atr, let retry): [0x00, atr.rawValue, retry.rawValue]
        case .communicationRetries(let count): [count]
        case .retries(let atr, let psl, let activation): [atr, psl, activation]
        case .raw(_, let data): data
        }
    }

    /// The request: item number, then its data.
    public var request: PN533Request { PN533Request(.rfConfiguration, [item] + data) }
}
