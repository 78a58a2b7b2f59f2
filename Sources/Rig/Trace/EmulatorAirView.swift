import PN533
import PacketTrace

/// The air as an emulator chip's host saw it on a bench, where no sniffer listens: the
/// reader's frames the chip handed over and the answers the host gave it to send
/// (`EmulatorTransfer`), read out of the chip's USB trace. The chip checks and strips CRC_A
/// itself, so these records carry none, and their time is the host's.
enum EmulatorAirView {
    /// The RF records in `usb`, a chip's USB trace, in order.
    static func records(fromUSB usb: [TraceRecord]) -> [TraceRecord] {
        usb.compactMap { record in
            let direction: PN533FrameDirection =
                record.kind == .hostToChip ? .hostToChip : .chipToHost
            let air: (TraceRecordKind, [UInt8])?
            switch EmulatorTransfer(direction, record.bytes) {
            case .readerFrame(let frame?): air = (.pcdToPICC, frame)
            case .answer(let bytes) where !bytes.isEmpty: air = (.piccToPCD, bytes)
            default: air = nil
            }
            return air.map {
                TraceRecord(
                    timestamp: record.timestamp, kind: $0.0, bytes: $0.1, crcCaptured: false)
            }
        }
    }
}
