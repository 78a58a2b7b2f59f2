import HexText

/// The two status bytes SW1 SW2 that end every response APDU (ISO/IEC 7816-4 §5.6).
public struct StatusWord: RawRepresentable, Sendable, Hashable {
    /// SW1 SW2 as one big-endian value.
    public var rawValue: UInt16

    /// Wraps a status word.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Builds a status word from its two bytes.
    public init(sw1: UInt8, sw2: UInt8) { rawValue = UInt16(sw1) << 8 | UInt16(sw2) }

    /// The first status byte.
    public var sw1: UInt8 { UInt8(rawValue >> 8) }
    /// The second status byte.
    public var sw2: UInt8 { UInt8(rawValue & 0xFF) }

    /// 9000: normal processing.
    public static let ok = StatusWord(rawValue: 0x9000)
    /// 6282: end of file reached before Le bytes were read.
    public static let endOfFileReached = StatusWord(rawValue: 0x6282)
    /// 6283: the selected file is deactivated.
    public static let fileDeactivated = StatusWord(rawValue: 0x6283)
    /// 6700: wrong length (Lc or Le).
    public static let wrongLength = StatusWord(rawValue: 0x6700)
    /// 6982: security status not satisfied (a write to a read-only file, for instance).
    public static let securityStatusNotSatisfied = StatusWord(rawValue: 0x6982)
    /// 6986: command not allowed (no current EF).
    public static let commandNotAllowed = StatusWord(rawValue: 0x6986)
    /// Conditions of use not satisfied: a GET RESPONSE with no response waiting, for one.
    public static let conditionsNotSatisfied = StatusWord(rawValue: 0x6985)
    /// 6A80: incorrect parameters in the command data field.
    public static let wrongData = StatusWord(rawValue: 0x6A80)
    /// 6A82: file or application not found.
    public static let fileNotFound = StatusWord(rawValue: 0x6A82)
    /// 6A86: incorrect parameters P1-P2.
    public static let incorrectP1P2 = StatusWord(rawValue: 0x6A86)
    /// 6B00: wrong parameters P1-P2 (an offset outside the EF, for instance).
    public static let wrongP1P2 = StatusWord(rawValue: 0x6B00)
    /// 6D00: instruction code not supported or invalid.
    public static let insNotSupported = StatusWord(rawValue: 0x6D00)
    /// 6E00: class not supported.
    public static let claNotSupported = StatusWord(rawValue: 0x6E00)

    /// 61XX: the command succeeded and `count` more response bytes are available (0 = 256).
    public static func bytesAvailable(_ count: UInt8) -> StatusWord {
        StatusWord(sw1: 0x61, sw2: count)
    }

    /// 6CXX: wrong Le; `exactLength` is the length that would work (0 = 256).
    public static func wrongLe(exactLength: UInt8) -> StatusWord {
        StatusWord(sw1: 0x6C, sw2: exactLength)
    }

    /// Whether the command completed normally (9000 or 61XX).
    public var isSuccess: Bool { rawValue == 0x9000 || sw1 == 0x61 }

    /// What the status word means, in the words of ISO/IEC 7816-4, or nil when nfcrig does
    /// not name it.
    public var meaning: String? {
        switch sw1 {
        case 0x61: return "\(sw2 == 0 ? 256 : Int(sw2)) more response bytes available"
        case 0x6C: return "wrong Le, exact length \(sw2 == 0 ? 256 : Int(sw2))"
        default: break
        }
        switch self {
        case .ok: return "ok"
        case .endOfFileReached: return "end of file reached before reading Le bytes"
        case .fileDeactivated: return "selected file deactivated"
        case .wrongLength: return "wrong length"
        case .securityStatusNotSatisfied: return "security status not satisfied"
        case .commandNotAllowed: return "command not allowed"
        case .conditionsNotSatisfied: return "conditions of use not satisfied"
        case .wrongData: return "incorrect parameters in the command data field"
        case .fileNotFound: return "file or application not found"
        case .incorrectP1P2: return "incorrect parameters P1-P2"
        case .wrongP1P2: return "wrong parameters P1-P2"
        case .insNotSupported: return "instruction code not supported or invalid"
        case .claNotSupported: return "class not supported"
        default: return nil
        }
    }
}

extension StatusWord: CustomStringConvertible {
    /// `9000 (ok)`, or the four hex digits alone for a status word without a name.
    public var description: String {
        if let meaning {
            "\(Hex.digits(rawValue, uppercase: true)) (\(meaning))"
        } else {
            Hex.digits(rawValue, uppercase: true)
        }
    }
}
