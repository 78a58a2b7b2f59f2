/// The 4 bytes before every LINKTYPE_ISO_14443 packet (Martin Kaiser's format, which
/// Wireshark's ISO 14443 dissector reads): version `00`, the event, then the length of what
/// follows, big-endian. Wireshark rejects a version other than 0, an unknown event, or a
/// length that disagrees with the packet.
enum ISO14443PseudoHeader {
    /// The header's size in bytes.
    static let size = 4
    /// The only version there is.
    static let version: UInt8 = 0x00

    /// The event byte.
    enum Event: UInt8, CaseIterable {
        /// A frame from the card, CRC as transmitted.
        case piccToPCD = 0xFF
        /// A frame from the reader, CRC as transmitted.
        case pcdToPICC = 0xFE
        case fieldOff = 0xFD
        case fieldOn = 0xFC
        /// A frame from the card whose CRC bytes the capture dropped.
        case piccToPCDWithoutCRC = 0xFB
        /// A frame from the reader whose CRC bytes the capture dropped.
        case pcdToPICCWithoutCRC = 0xFA

        /// The event for an RF record; `nil` for a USB one.
        init?(_ record: TraceRecord) {
            switch record.kind {
            case .pcdToPICC: self = record.crcCaptured ? .pcdToPICC : .pcdToPICCWithoutCRC
            case .piccToPCD: self = record.crcCaptured ? .piccToPCD : .piccToPCDWithoutCRC
            case .fieldOn: self = .fieldOn
            case .fieldOff: self = .fieldOff
            case .hostToChip, .chipToHost: return nil
            }
        }

        var kind: TraceRecordKind {
            switch self {
            case .piccToPCD, .piccToPCDWithoutCRC: .piccToPCD
            case .pcdToPICC, .pcdToPICCWithoutCRC: .pcdToPICC
            case .fieldOff: .fieldOff
            case .fieldOn: .fieldOn
            }
        }

        var crcCaptured: Bool { self != .piccToPCDWithoutCRC && self != .pcdToPICCWithoutCRC }
    }

    /// The header for `length` bytes after it.
    static func encode(_ event: Event, length: UInt16) -> [UInt8] {
        [version, event.rawValue, UInt8(length >> 8), UInt8(length & 0xFF)]
    }
}
