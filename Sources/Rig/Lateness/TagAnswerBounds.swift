import HexText
import ISODEP

/// How long a reader waits for the answer to each of its commands, as the tag presented on
/// an emulator announced it: what that emulator's host must answer within.
public enum TagAnswerBounds: Sendable, Hashable {
    /// A Type 4 Tag (ISO-DEP) whose ATS announced `fwt` (FWT = 256·16/fc · 2^FWI,
    /// ISO/IEC 14443-4 §7.2; fc = 13.56 MHz).
    case type4(fwt: Duration)
    /// A Type 2 Tag. T2T has no FWT: a reader waits as long as its tag's data sheet says,
    /// 5 ms for READ and 10 ms for WRITE (NXP NTAG213/215/216 data sheet, §10.2 READ and
    /// §10.4 WRITE: T_TimeOut), the bounds a reader made for NFC Forum tags keeps to.
    case type2

    /// The Type 2 READ timeout (and that of every Type 2 command but WRITE).
    public static let type2ReadTimeout = Duration.milliseconds(5)
    /// The Type 2 WRITE timeout: the tag programs its memory before it answers ACK.
    public static let type2WriteTimeout = Duration.milliseconds(10)

    /// The part of the waiting time that is not the host's: the chip hands the reader's
    /// frame over USB, then takes the answer over USB (a full-speed bulk transfer can wait
    /// for the next 1 ms frame) and starts to send it. The host's share is the bound less
    /// this, but never less than half the bound.
    public static let chipAllowance = Duration.milliseconds(1)

    /// What the reader's frame `command` (as the chip handed it over, CRC_A stripped) is,
    /// and how long the reader waits for the answer to it.
    public func bound(for command: [UInt8]) -> AnswerBound {
        switch self {
        case .type4(let fwt): Self.type4Bound(for: command, fwt: fwt)
        case .type2: Self.type2Bound(for: command)
        }
    }

    private static func type4Bound(for command: [UInt8], fwt: Duration) -> AnswerBound {
        // RATS comes before any block: the activation FWT (ISO/IEC 14443-4 §5.6.1.1).
        if command.count == 2, command[0] == 0xE0 {
            return AnswerBound(
                command: "RATS", name: "activation FWT",
                duration: ISODEPTiming.activationFrameWaitingTime)
        }
        guard let block = try? ISODEPBlock(bytes: command) else {
            return AnswerBound(command: "a frame that is no block", name: "FWT", duration: fwt)
        }
        switch block {
        case .information(_, _, _, _, let inf):
            let name = inf.count >= 2 ? instructionName(inf[1]) : "an I-block"
            return AnswerBound(command: name, name: "FWT", duration: fwt)
        case .receiveReady(.ack, _, _):
            return AnswerBound(command: "R(ACK)", name: "FWT", duration: fwt)
        case .receiveReady(.nak, _, _):
            return AnswerBound(command: "R(NAK)", name: "FWT", duration: fwt)
        case .supervisory(.deselect, _):
            return AnswerBound(
                command: "S(DESELECT)", name: "S(DESELECT) FWT",
                duration: ISODEPTiming.deselectFrameWaitingTime)
        case .supervisory(.waitingTimeExtension(let multiplier, _), _):
            // The reader granted FWT × WTXM for the answer still due (§7.3).
            return AnswerBound(
                command: "the S(WTX) answer", name: "FWT × \(multiplier) (granted by S(WTX))",
                duration: ISODEPTiming.extendedWaitingTime(fwt, multiplier: multiplier))
        }
    }

    private static func type2Bound(for command: [UInt8]) -> AnswerBound {
        switch command.first {
        case 0xA2:
            AnswerBound(command: "WRITE", name: "WRITE timeout", duration: type2WriteTimeout)
        case 0x30: AnswerBound(command: "READ", name: "READ timeout", duration: type2ReadTimeout)
        case 0x3A:
            AnswerBound(command: "FAST_READ", name: "READ timeout", duration: type2ReadTimeout)
        case 0xC2:
            AnswerBound(
                command: "SECTOR SELECT", name: "READ timeout", duration: type2ReadTimeout)
        case let code?:
            AnswerBound(
                command: "command \(Hex.digits(code, uppercase: true))", name: "READ timeout",
                duration: type2ReadTimeout)
        case nil:
            AnswerBound(command: "an empty frame", name: "READ timeout", duration: type2ReadTimeout)
        }
    }

    /// ISO/IEC 7816-4's name of the instructions an NDEF reader sends, or `INS XX`.
    static func instructionName(_ ins: UInt8) -> String {
        switch ins {
        case 0xA4: "SELECT"
        case 0xB0, 0xB1: "READ BINARY"
        case 0xD6, 0xD7: "UPDATE BINARY"
        case 0xC0: "GET RESPONSE"
        case 0xCA, 0xCB: "GET DATA"
        default: "INS \(Hex.digits(ins, uppercase: true))"
        }
    }
}

/// How long a reader waits for the answer to one command, and what that wait is called.
public struct AnswerBound: Sendable, Hashable {
    /// The reader's command, by name (`READ BINARY`, `READ`, `RATS`).
    public var command: String
    /// The bound's name (`FWT`, `READ timeout`).
    public var name: String
    /// The bound.
    public var duration: Duration

    /// Creates a bound.
    public init(command: String, name: String, duration: Duration) {
        self.command = command
        self.name = name
        self.duration = duration
    }

    /// The host's share of the bound: the bound less the chip's own part
    /// (`TagAnswerBounds.chipAllowance`), at least half the bound.
    public var hostLimit: Duration {
        max(duration - TagAnswerBounds.chipAllowance, duration / 2)
    }
}
