import HexText
import NDEF
import TagFormat

/// How a tag's answer was wrong: the command and the offending bytes or field.
public enum TagResponseFailure: Sendable, Hashable, CustomStringConvertible {
    /// A Type 4 Tag answered `command` with a status word other than 9000.
    case statusWord(StatusWord, command: CommandAPDU)
    /// A Type 4 Tag's answer to `command` is not a response APDU (fewer than two bytes).
    case malformedResponse(APDUError, command: CommandAPDU)
    /// A READ BINARY gave `received` data bytes where `expected` were asked for.
    case wrongLength(expected: Int, received: Int, command: CommandAPDU)
    /// A READ BINARY with an offset data object did not answer with one `53` data object.
    case malformedDataObject(bytes: [UInt8], command: CommandAPDU)
    /// No READ/UPDATE BINARY reaches the bytes the tag's length field points at.
    case commandNotExpressible(APDUError)
    /// The NDEF file's length field is wrong (claims more than the file holds).
    case ndefFile(NDEFFileError)
    /// A Type 2 Tag answered `command` with a NAK.
    case nak(command: [UInt8])
    /// A Type 2 Tag block beyond the first sector (255), which needs SECTOR SELECT.
    case blockBeyondFirstSector(block: Int)
    /// A Type 2 Tag's memory breaks a Type 2 rule.
    case type2Memory(Type2TagError)
    /// A Type 2 Tag's READ gave `received` bytes instead of 16.
    case wrongReadLength(received: Int, command: [UInt8])
    /// A Type 2 Tag's WRITE was answered with data instead of ACK.
    case unexpectedWriteAnswer([UInt8], command: [UInt8])

    public var description: String {
        switch self {
        case .statusWord(let word, let command): "\(command) answered \(word)"
        case .malformedResponse(let error, let command): "\(command) answered badly: \(error)"
        case .wrongLength(let expected, let received, let command):
            "\(command) returned \(received) bytes instead of \(expected)"
        case .malformedDataObject(let bytes, let command):
            "\(command) returned \(Hex.encode(bytes)), not one 53 data object"
        case .commandNotExpressible(let error): "no command reaches the data: \(error)"
        case .ndefFile(let error): "NDEF file: \(error)"
        case .nak(let command): "\(Hex.encode(command)) answered NAK"
        case .blockBeyondFirstSector(let block): "block \(block) needs SECTOR SELECT"
        case .type2Memory(let error): "Type 2 memory: \(error)"
        case .wrongReadLength(let received, let command):
            "\(Hex.encode(command)) returned \(received) bytes instead of 16"
        case .unexpectedWriteAnswer(let bytes, let command):
            "\(Hex.encode(command)) answered \(Hex.encode(bytes)) instead of ACK"
        }
    }
}
