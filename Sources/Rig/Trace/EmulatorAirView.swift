import PN533
import PacketTrace

/// The air as an emulator chip's host saw it on a bench, where no sniffer listens: the
/// reader's frames the chip handed over (TgInitAsTarget's first command,
/// TgGetInitiatorCommand, TgGetData) and the answers the host gave it to send
/// (TgResponseToInitiator, TgSetData), read out of the chip's USB trace. The chip checks and
/// strips CRC_A itself, so these records carry none, and their time is the host's.
enum EmulatorAirView {
    /// The RF records in `usb`, a chip's USB trace, in order.
    static func records(fromUSB usb: [TraceRecord]) -> [TraceRecord] {
        usb.compactMap { record in
            guard let frame = try? PN533Frame.decode(transfer: record.bytes),
                case .information(let direction, let code, let data) = frame
            else { return nil }
            let air: (TraceRecordKind, [UInt8])?
            switch (direction, code) {
            // TgInitAsTarget's answer: the mode byte, then the reader's first frame.
            case (.chipToHost, PN533Command.tgInitAsTarget.rawValue + 1):
                air = data.count > 1 ? (.pcdToPICC, Array(data.dropFirst())) : nil
            // A status byte (0: success), then the reader's frame.
            case (.chipToHost, PN533Command.tgGetInitiatorCommand.rawValue + 1),
                (.chipToHost, PN533Command.tgGetData.rawValue + 1):
                air =
                    data.count > 1 && data[0] & 0x3F == 0
                    ? (.pcdToPICC, Array(data.dropFirst()))
                    : nil
            case (.hostToChip, PN533Command.tgResponseToInitiator.rawValue),
                (.hostToChip, PN533Command.tgSetData.rawValue):
                air = data.isEmpty ? nil : (.piccToPCD, data)
            default:
                air = nil
            }
            return air.map {
                TraceRecord(
                    timestamp: record.timestamp, kind: $0.0, bytes: $0.1, crcCaptured: false)
            }
        }
    }
}
