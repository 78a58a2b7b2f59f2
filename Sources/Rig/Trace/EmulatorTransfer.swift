import PN533

/// What one USB transfer of an emulator chip carries for the air, read from its PN533 frame:
/// a reader's frame the chip hands its host (TgInitAsTarget's first command,
/// TgGetInitiatorCommand, TgGetData), an answer the host hands the chip to send
/// (TgResponseToInitiator, TgSetData), or the host arming the chip again. The chip checks
/// and strips CRC_A itself, so the frames carry none. `EmulatorAirView` reads a trace with
/// it and `HostAnswerMonitor` times the host with it.
enum EmulatorTransfer: Sendable, Hashable {
    /// The reader's frame, handed to the host; nil when the chip reports a failure instead
    /// (a status other than 0: a timeout, the field gone).
    case readerFrame([UInt8]?)
    /// The host's answer, for the chip to send.
    case answer([UInt8])
    /// TgInitAsTarget sent: the host arms the chip to wait for a reader.
    case arming

    /// What `bytes`, a transfer going `direction`, carries; nil for anything else (other
    /// commands, ACKs, a transfer that is not one whole frame).
    init?(_ direction: PN533FrameDirection, _ bytes: [UInt8]) {
        guard let frame = try? PN533Frame.decode(transfer: bytes),
            case .information(let frameDirection, let code, let data) = frame,
            frameDirection == direction
        else { return nil }
        switch (direction, code) {
        // TgInitAsTarget's answer: the mode byte, then the reader's first frame.
        case (.chipToHost, PN533Command.tgInitAsTarget.responseCode):
            self = .readerFrame(data.count > 1 ? Array(data.dropFirst()) : nil)
        // A status byte (0: success), then the reader's frame.
        case (.chipToHost, PN533Command.tgGetInitiatorCommand.responseCode),
            (.chipToHost, PN533Command.tgGetData.responseCode):
            self = .readerFrame(
                data.count > 1 && data[0] & 0x3F == 0 ? Array(data.dropFirst()) : nil)
        case (.hostToChip, PN533Command.tgResponseToInitiator.rawValue),
            (.hostToChip, PN533Command.tgSetData.rawValue):
            self = .answer(data)
        case (.hostToChip, PN533Command.tgInitAsTarget.rawValue):
            self = .arming
        default:
            return nil
        }
    }
}
