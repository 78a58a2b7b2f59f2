import HexText
import PN533
import PacketTrace

/// Names what goes between a host and its PN533, read with the PN533 module's own frame
/// decoder: the frame type, the command (by the manual's name) and, for responses that
/// start with one, the status byte.
enum PN533FrameDescription {
    /// Responses whose first data byte is a status byte (UM0801 §7).
    private static let statusFirst: Set<PN533Command> = [
        .inDataExchange, .inCommunicateThru, .inDeselect, .inRelease, .inSelect, .inPSL,
        .inATR, .tgGetData, .tgSetData, .tgSetMetaData, .tgGetInitiatorCommand,
        .tgResponseToInitiator, .tgSetGeneralBytes,
    ]

    static func annotate(_ record: TraceRecord) -> TraceAnnotation {
        let frame: PN533Frame
        do {
            frame = try PN533Frame.decode(transfer: record.bytes)
        } catch {
            return TraceAnnotation("? PN533 frame: \(error)")
        }
        let extended = isExtended(record.bytes) ? " (extended frame)" : ""
        switch frame {
        case .ack: return TraceAnnotation("ACK")
        case .nack: return TraceAnnotation("NACK")
        case .error: return TraceAnnotation("error frame: the chip could not read the command")
        case .information(let direction, let code, let data):
            var text = information(direction, code: code, data: data) + extended
            let expected: PN533FrameDirection =
                record.kind == .hostToChip ? .hostToChip : .chipToHost
            if direction != expected {
                text += " (TFI \(Hex.digits(direction.rawValue, uppercase: true)) the wrong way)"
            }
            return TraceAnnotation(text)
        }
    }

    private static func information(_ direction: PN533FrameDirection, code: UInt8, data: [UInt8])
        -> String
    {
        switch direction {
        case .hostToChip:
            guard let command = PN533Command(rawValue: code) else {
                return "? command \(Hex.digits(code, uppercase: true))"
            }
            return command.description + commandDetail(command, data)
        case .chipToHost:
            guard let command = PN533Command(rawValue: code &- 1) else {
                return "? response \(Hex.digits(code, uppercase: true))"
            }
            return "\(command.name) response" + responseDetail(command, data)
        }
    }

    /// What the data of the commands that carry a tag's bytes hold: the APDU of
    /// InDataExchange (after Tg) and of TgSetData.
    private static func commandDetail(_ command: PN533Command, _ data: [UInt8]) -> String {
        switch command {
        case .inDataExchange where data.count > 1:
            let more = data[0] & 0x40 != 0 ? ", MI" : ""
            return ", Tg \(data[0] & 0x3F)\(more): " + apdu(Array(data.dropFirst()))
        case .tgSetData where !data.isEmpty:
            return ": " + APDUDescription.response(data, to: nil)
        default:
            return ""
        }
    }

    private static func responseDetail(_ command: PN533Command, _ data: [UInt8]) -> String {
        guard statusFirst.contains(command) else { return "" }
        guard let first = data.first else { return ", no status byte" }
        let status = PN533StatusByte(first)
        let more = status.moreInformation ? ", MI" : ""
        let outcome = status.status.isSuccess ? "success" : "\(status.status)"
        let detail =
            command == .tgGetData && status.status.isSuccess && data.count > 1
            ? ": " + apdu(Array(data.dropFirst())) : ""
        return ", \(outcome)\(more)\(detail)"
    }

    /// A command APDU's name, or nothing when the bytes are none (a Type 2 command).
    private static func apdu(_ bytes: [UInt8]) -> String {
        let (text, apdu) = APDUDescription.command(bytes)
        return apdu == nil ? "\(bytes.count) bytes" : text
    }

    /// An extended frame's LEN is `FF FF` where a normal frame's LEN and LCS stand.
    private static func isExtended(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 5 && bytes[0...2] == [0x00, 0x00, 0xFF] && bytes[3] == 0xFF
            && bytes[4] == 0xFF
    }
}
