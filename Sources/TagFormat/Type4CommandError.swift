import HexText

/// Why a Type 4 Tag refuses a command APDU, with the status word it answers and the offset of
/// the offending byte in the APDU.
public enum Type4CommandError: Error, Sendable, Hashable {
    /// CLA is not 00: 6E00.
    case claNotSupported(offset: Int, cla: UInt8)
    /// INS is not a T4T instruction: 6D00.
    case insNotSupported(offset: Int, ins: UInt8)
    /// P1-P2 the command does not allow: 6A86.
    case incorrectP1P2(offset: Int, p1p2: UInt16)
    /// Lc or Le missing or of the wrong size: 6700.
    case wrongLength(offset: Int, length: Int)
    /// A malformed offset or discretionary data object: 6A80.
    case wrongData(offset: Int)

    /// The status word a tag answers.
    public var statusWord: StatusWord {
        switch self {
        case .claNotSupported: .claNotSupported
        case .insNotSupported: .insNotSupported
        case .incorrectP1P2: .incorrectP1P2
        case .wrongLength: .wrongLength
        case .wrongData: .wrongData
        }
    }

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .claNotSupported: "claNotSupported"
        case .insNotSupported: "insNotSupported"
        case .incorrectP1P2: "incorrectP1P2"
        case .wrongLength: "wrongLength"
        case .wrongData: "wrongData"
        }
    }

    /// The byte offset in the APDU of the offending field.
    public var offset: Int {
        switch self {
        case .claNotSupported(let offset, _), .insNotSupported(let offset, _),
            .incorrectP1P2(let offset, _), .wrongLength(let offset, _), .wrongData(let offset):
            offset
        }
    }

    /// A one-line explanation naming the offset, the value and the status word.
    public var message: String {
        let answer = "answered \(statusWord)"
        switch self {
        case .claNotSupported(_, let cla):
            return "offset \(offset): CLA \(Hex.digits(cla, uppercase: true)) is not 00, \(answer)"
        case .insNotSupported(_, let ins):
            return "offset \(offset): INS \(Hex.digits(ins, uppercase: true)) is not a Type 4 Tag "
                + "command, \(answer)"
        case .incorrectP1P2(_, let p1p2):
            return "offset \(offset): P1-P2 \(Hex.digits(p1p2, uppercase: true)) is not allowed "
                + "here, \(answer)"
        case .wrongLength(_, let length):
            return "offset \(offset): \(length) data bytes or a missing Le, \(answer)"
        case .wrongData:
            return "offset \(offset): malformed offset or data object, \(answer)"
        }
    }
}

extension Type4CommandError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
