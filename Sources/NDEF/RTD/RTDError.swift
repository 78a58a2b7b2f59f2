import HexText

/// A broken RTD payload rule: which rule, in which field, at which byte offset.
///
/// `offset` counts from the start of the payload (for type rules, from the start of the
/// TYPE field); errors inside a Smart Poster's nested records are wrapped in
/// `nestedRecord`, whose inner offset counts within that nested record's payload.
public enum RTDError: Error, Sendable, Hashable {
    /// A field that must hold at least one byte is empty.
    case fieldEmpty(field: RTDField, offset: Int)
    /// A length read from the payload reaches past its end.
    case lengthExceedsPayload(field: RTDField, offset: Int, declared: Int, available: Int)
    /// A fixed-size field has the wrong size.
    case lengthInvalid(field: RTDField, offset: Int, length: Int, expected: Int)
    /// A bit that the RTD reserves (and requires to be 0) is set.
    case reservedBitSet(field: RTDField, offset: Int, byte: UInt8)
    /// A byte sequence that is not well-formed UTF-8 starts here.
    case invalidUTF8(field: RTDField, offset: Int, byte: UInt8)
    /// A UTF-16 code unit that is an unpaired surrogate.
    case invalidUTF16(field: RTDField, offset: Int, codeUnit: UInt16)
    /// UTF-16 text of an odd number of bytes.
    case truncatedUTF16(field: RTDField, offset: Int, length: Int)
    /// A C0 control character (U+0000–U+001F) or DEL (U+007F) where none is allowed.
    case controlCharacter(field: RTDField, offset: Int, byte: UInt8)
    /// A byte outside printable US-ASCII where only that is allowed.
    case notASCII(field: RTDField, offset: Int, byte: UInt8)
    /// A code the RTD does not define.
    case valueUndefined(field: RTDField, offset: Int, value: UInt8)
    /// A type string without the structure its format needs (`type/subtype`, `domain:name`).
    case malformedType(field: RTDField, value: String)
    /// The record is not of the record type it is being decoded as.
    case typeMismatch(expected: String, actual: String)
    /// A field is too long to encode.
    case fieldTooLong(field: RTDField, length: Int, maximum: Int)
    /// A Smart Poster holds other than exactly one URI record.
    case uriRecordCount(count: Int)
    /// A Smart Poster has two titles in the same language.
    case duplicateTitleLanguage(language: String, record: Int)
    /// A Smart Poster has a second action, size or type record.
    case duplicateRecord(field: RTDField, record: Int)
    /// A Smart Poster's nested message breaks an NDEF rule (offsets within the payload).
    case nestedMessage(NDEFError)
    /// A record of a Smart Poster's nested message is invalid.
    indirect case nestedRecord(record: Int, error: RTDError)
    /// A Smart Poster's nested message cannot be encoded.
    case nestedEncoding(NDEFEncodingError)
    /// A JSON media payload does not parse, or an object does not serialise.
    case invalidJSON(detail: String)

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .fieldEmpty: "fieldEmpty"
        case .lengthExceedsPayload: "lengthExceedsPayload"
        case .lengthInvalid: "lengthInvalid"
        case .reservedBitSet: "reservedBitSet"
        case .invalidUTF8: "invalidUTF8"
        case .invalidUTF16: "invalidUTF16"
        case .truncatedUTF16: "truncatedUTF16"
        case .controlCharacter: "controlCharacter"
        case .notASCII: "notASCII"
        case .valueUndefined: "valueUndefined"
        case .malformedType: "malformedType"
        case .typeMismatch: "typeMismatch"
        case .fieldTooLong: "fieldTooLong"
        case .uriRecordCount: "uriRecordCount"
        case .duplicateTitleLanguage: "duplicateTitleLanguage"
        case .duplicateRecord: "duplicateRecord"
        case .nestedMessage: "nestedMessage"
        case .nestedRecord: "nestedRecord"
        case .nestedEncoding: "nestedEncoding"
        case .invalidJSON: "invalidJSON"
        }
    }

    /// The field the rule concerns, when there is one.
    public var field: RTDField? {
        switch self {
        case .fieldEmpty(let field, _), .lengthExceedsPayload(let field, _, _, _),
            .lengthInvalid(let field, _, _, _), .reservedBitSet(let field, _, _),
            .invalidUTF8(let field, _, _), .invalidUTF16(let field, _, _),
            .truncatedUTF16(let field, _, _), .controlCharacter(let field, _, _),
            .notASCII(let field, _, _), .valueUndefined(let field, _, _),
            .malformedType(let field, _), .fieldTooLong(let field, _, _),
            .duplicateRecord(let field, _):
            field
        case .uriRecordCount: .uri
        case .duplicateTitleLanguage: .language
        case .nestedMessage, .nestedEncoding: .nestedMessage
        case .invalidJSON: .json
        case .nestedRecord, .typeMismatch: nil
        }
    }

    /// The byte offset of the offending byte, when the rule points at one.
    public var offset: Int? {
        switch self {
        case .fieldEmpty(_, let offset), .lengthExceedsPayload(_, let offset, _, _),
            .lengthInvalid(_, let offset, _, _), .reservedBitSet(_, let offset, _),
            .invalidUTF8(_, let offset, _), .invalidUTF16(_, let offset, _),
            .truncatedUTF16(_, let offset, _), .controlCharacter(_, let offset, _),
            .notASCII(_, let offset, _), .valueUndefined(_, let offset, _):
            offset
        case .nestedMessage(let error): error.offset
        case .malformedType, .typeMismatch, .fieldTooLong, .uriRecordCount,
            .duplicateTitleLanguage, .duplicateRecord, .nestedRecord, .nestedEncoding,
            .invalidJSON:
            nil
        }
    }

    /// A one-line explanation naming the field, the offset and the offending value.
    public var message: String {
        let at = offset.map { "\(field?.rawValue ?? "payload") at offset \($0)" } ?? ""
        switch self {
        case .fieldEmpty:
            return "\(at): must not be empty"
        case .lengthExceedsPayload(_, _, let declared, let available):
            return "\(at): length \(declared) exceeds the \(available) bytes that remain"
        case .lengthInvalid(_, _, let length, let expected):
            return "\(at): is \(length) bytes, must be \(expected)"
        case .reservedBitSet(_, _, let byte):
            return "\(at): reserved bit set in 0x\(Hex.digits(byte))"
        case .invalidUTF8(_, _, let byte):
            return "\(at): byte 0x\(Hex.digits(byte)) starts an invalid UTF-8 sequence"
        case .invalidUTF16(_, _, let unit):
            return "\(at): code unit 0x\(Hex.digits(unit)) "
                + "is an unpaired UTF-16 surrogate"
        case .truncatedUTF16(_, _, let length):
            return "\(at): UTF-16 text of \(length) bytes, an odd number"
        case .controlCharacter(_, _, let byte):
            return "\(at): control character 0x\(Hex.digits(byte)) is not allowed"
        case .notASCII(_, _, let byte):
            return "\(at): byte 0x\(Hex.digits(byte)) is not printable US-ASCII"
        case .valueUndefined(_, _, let value):
            return "\(at): value 0x\(Hex.digits(value)) is not defined"
        case .malformedType(let field, let value):
            return "\(field.rawValue) \"\(value)\" is malformed"
        case .typeMismatch(let expected, let actual):
            return "expected a \(expected) record, got \(actual)"
        case .fieldTooLong(let field, let length, let maximum):
            return "\(field.rawValue) is \(length) bytes, at most \(maximum) fit"
        case .uriRecordCount(let count):
            return "a Smart Poster holds exactly one URI record, this one holds \(count)"
        case .duplicateTitleLanguage(let language, let record):
            return "nested record \(record): a second title in language \"\(language)\""
        case .duplicateRecord(let field, let record):
            return "nested record \(record): a second \(field.rawValue) record"
        case .nestedMessage(let error):
            return "nested message: \(error.message)"
        case .nestedRecord(let record, let error):
            return "nested record \(record): \(error.message)"
        case .nestedEncoding(let error):
            return "nested message: \(error.description)"
        case .invalidJSON(let detail):
            return "payload is not valid JSON: \(detail)"
        }
    }
}

extension RTDError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
