import HexText

/// A broken NDEF rule: which rule, in which wire record, at which byte offset of the input.
///
/// `record` counts record headers on the wire from 0, chunks included; `offset` is the byte
/// offset of the offending field (or of the record header) from the start of the input.
public enum NDEFError: Error, Sendable, Hashable {
    /// The input holds no bytes; a message has at least one record.
    case emptyInput
    /// The input ends inside a record header (flags, length fields).
    case truncatedHeader(record: Int, offset: Int, needed: Int, available: Int)
    /// A TYPE, ID or PAYLOAD length reaches past the end of the input.
    case lengthOverrunsInput(
        record: Int, offset: Int, field: NDEFField, declared: Int, available: Int)
    /// A payload (or a reassembled chunked payload) is larger than the decoder's cap.
    case payloadExceedsCap(record: Int, offset: Int, length: Int, cap: Int)
    /// The first record does not have MB set.
    case messageBeginMissing(record: Int, offset: Int)
    /// A record after the first has MB set.
    case messageBeginRepeated(record: Int, offset: Int)
    /// The input ends after a record without ME.
    case messageEndMissing(record: Int, offset: Int)
    /// Bytes follow the record that has ME set.
    case trailingBytes(record: Int, offset: Int, count: Int)
    /// The TNF is 7, reserved.
    case reservedTypeNameFormat(record: Int, offset: Int)
    /// An empty record (TNF 0) has a type, ID or payload.
    case emptyRecordHasContent(record: Int, offset: Int, field: NDEFField, length: Int)
    /// A well-known, media, absolute-URI or external record has an empty type.
    case typeMissing(record: Int, offset: Int, typeNameFormat: TypeNameFormat)
    /// An unknown or unchanged record has a type.
    case typeNotAllowed(record: Int, offset: Int, typeNameFormat: TypeNameFormat, length: Int)
    /// A type holds a byte outside printable US-ASCII.
    case typeNotASCII(record: Int, offset: Int, byte: UInt8)
    /// TNF 6 (unchanged) on a record that is not a middle or terminating chunk.
    case unchangedOutsideChunk(record: Int, offset: Int)
    /// A middle or terminating chunk whose TNF is not 6 (unchanged).
    case chunkNotUnchanged(record: Int, offset: Int, typeNameFormat: TypeNameFormat)
    /// A middle or terminating chunk has a type.
    case chunkHasType(record: Int, offset: Int, length: Int)
    /// A middle or terminating chunk has IL set.
    case chunkHasIdentifier(record: Int, offset: Int)
    /// An initial or middle chunk (CF set) also has ME set.
    case messageEndInsideChunk(record: Int, offset: Int)
    /// The input ends while a chunked record still expects its terminating chunk.
    case unterminatedChunk(record: Int, offset: Int)

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .emptyInput: "emptyInput"
        case .truncatedHeader: "truncatedHeader"
        case .lengthOverrunsInput: "lengthOverrunsInput"
        case .payloadExceedsCap: "payloadExceedsCap"
        case .messageBeginMissing: "messageBeginMissing"
        case .messageBeginRepeated: "messageBeginRepeated"
        case .messageEndMissing: "messageEndMissing"
        case .trailingBytes: "trailingBytes"
        case .reservedTypeNameFormat: "reservedTypeNameFormat"
        case .emptyRecordHasContent: "emptyRecordHasContent"
        case .typeMissing: "typeMissing"
        case .typeNotAllowed: "typeNotAllowed"
        case .typeNotASCII: "typeNotASCII"
        case .unchangedOutsideChunk: "unchangedOutsideChunk"
        case .chunkNotUnchanged: "chunkNotUnchanged"
        case .chunkHasType: "chunkHasType"
        case .chunkHasIdentifier: "chunkHasIdentifier"
        case .messageEndInsideChunk: "messageEndInsideChunk"
        case .unterminatedChunk: "unterminatedChunk"
        }
    }

    /// The wire record index the rule was broken in.
    public var record: Int {
        switch self {
        case .emptyInput: 0
        case .truncatedHeader(let record, _, _, _), .lengthOverrunsInput(let record, _, _, _, _),
            .payloadExceedsCap(let record, _, _, _), .messageBeginMissing(let record, _),
            .messageBeginRepeated(let record, _), .messageEndMissing(let record, _),
            .trailingBytes(let record, _, _), .reservedTypeNameFormat(let record, _),
            .emptyRecordHasContent(let record, _, _, _), .typeMissing(let record, _, _),
            .typeNotAllowed(let record, _, _, _), .typeNotASCII(let record, _, _),
            .unchangedOutsideChunk(let record, _), .chunkNotUnchanged(let record, _, _),
            .chunkHasType(let record, _, _), .chunkHasIdentifier(let record, _),
            .messageEndInsideChunk(let record, _), .unterminatedChunk(let record, _):
            record
        }
    }

    /// The byte offset in the input where the rule was broken.
    public var offset: Int {
        switch self {
        case .emptyInput: 0
        case .truncatedHeader(_, let offset, _, _), .lengthOverrunsInput(_, let offset, _, _, _),
            .payloadExceedsCap(_, let offset, _, _), .messageBeginMissing(_, let offset),
            .messageBeginRepeated(_, let offset), .messageEndMissing(_, let offset),
            .trailingBytes(_, let offset, _), .reservedTypeNameFormat(_, let offset),
            .emptyRecordHasContent(_, let offset, _, _), .typeMissing(_, let offset, _),
            .typeNotAllowed(_, let offset, _, _), .typeNotASCII(_, let offset, _),
            .unchangedOutsideChunk(_, let offset), .chunkNotUnchanged(_, let offset, _),
            .chunkHasType(_, let offset, _), .chunkHasIdentifier(_, let offset),
            .messageEndInsideChunk(_, let offset), .unterminatedChunk(_, let offset):
            offset
        }
    }

    /// Whether the decoder can go on past this violation in lenient mode; structural
    /// errors leave no way to find the next record.
    public var isStructural: Bool {
        switch self {
        case .emptyInput, .truncatedHeader, .lengthOverrunsInput, .payloadExceedsCap: true
        default: false
        }
    }

    /// A one-line explanation naming the record, the offset and the offending value.
    public var message: String {
        let at = "record \(record) at offset \(offset)"
        switch self {
        case .emptyInput:
            return "input is empty: an NDEF message holds at least one record"
        case .truncatedHeader(_, _, let needed, let available):
            return "\(at): header needs \(needed) bytes but only \(available) remain"
        case .lengthOverrunsInput(_, _, let field, let declared, let available):
            return "\(at): \(field.rawValue) length \(declared) overruns the input "
                + "(\(available) bytes remain)"
        case .payloadExceedsCap(_, _, let length, let cap):
            return "\(at): payload length \(length) exceeds the cap of \(cap) bytes"
        case .messageBeginMissing:
            return "\(at): the first record must have MB (0x80) set"
        case .messageBeginRepeated:
            return "\(at): only the first record may have MB (0x80) set"
        case .messageEndMissing:
            return "\(at): the input ends but no record had ME (0x40) set"
        case .trailingBytes(_, _, let count):
            return "\(at): \(count) bytes follow the record with ME (0x40) set"
        case .reservedTypeNameFormat:
            return "\(at): TNF 7 is reserved"
        case .emptyRecordHasContent(_, _, let field, let length):
            return "\(at): an empty record (TNF 0) has \(field.rawValue) length \(length), "
                + "must be 0"
        case .typeMissing(_, _, let tnf):
            return "\(at): a \(tnf.name) record (TNF \(tnf.rawValue)) must have a type"
        case .typeNotAllowed(_, _, let tnf, let length):
            return "\(at): a \(tnf.name) record (TNF \(tnf.rawValue)) has type length "
                + "\(length), must be 0"
        case .typeNotASCII(_, _, let byte):
            return "\(at): type byte 0x\(Hex.digits(byte)) is not printable US-ASCII"
        case .unchangedOutsideChunk:
            return "\(at): TNF 6 (unchanged) is only allowed on middle and terminating chunks"
        case .chunkNotUnchanged(_, _, let tnf):
            return "\(at): a middle or terminating chunk must have TNF 6 (unchanged), "
                + "has \(tnf.rawValue)"
        case .chunkHasType(_, _, let length):
            return "\(at): a middle or terminating chunk has type length \(length), must be 0"
        case .chunkHasIdentifier:
            return "\(at): a middle or terminating chunk must not have IL (0x08) set"
        case .messageEndInsideChunk:
            return "\(at): an initial or middle chunk (CF set) must not have ME (0x40) set"
        case .unterminatedChunk:
            return "\(at): the input ends before the terminating chunk (CF clear)"
        }
    }
}

extension NDEFError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}

/// The variable-length fields of an NDEF record.
public enum NDEFField: String, Sendable, Hashable {
    /// TYPE.
    case type
    /// ID.
    case identifier = "ID"
    /// PAYLOAD.
    case payload
}
