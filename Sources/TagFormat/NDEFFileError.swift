/// An NDEF file whose length field or message is wrong: the rule, the offset in the file and
/// the value.
public enum NDEFFileError: Error, Sendable, Hashable {
    /// The file ends inside its length field.
    case truncatedLength(offset: Int, needed: Int, available: Int)
    /// The length field claims more than the file's capacity.
    case lengthExceedsCapacity(offset: Int, length: Int, capacity: Int)
    /// Fewer message bytes follow the length field than it claims.
    case messageTruncated(offset: Int, length: Int, available: Int)
    /// A length the field cannot hold.
    case lengthOutOfRange(length: Int, maximum: Int)
    /// A message larger than the file's capacity.
    case messageTooLong(length: Int, capacity: Int)

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .truncatedLength: "truncatedLength"
        case .lengthExceedsCapacity: "lengthExceedsCapacity"
        case .messageTruncated: "messageTruncated"
        case .lengthOutOfRange: "lengthOutOfRange"
        case .messageTooLong: "messageTooLong"
        }
    }

    /// The byte offset in the file (0 for values given to an encoder).
    public var offset: Int {
        switch self {
        case .truncatedLength(let offset, _, _), .lengthExceedsCapacity(let offset, _, _),
            .messageTruncated(let offset, _, _):
            offset
        case .lengthOutOfRange, .messageTooLong: 0
        }
    }

    /// A one-line explanation naming the offset and the offending value.
    public var message: String {
        switch self {
        case .truncatedLength(let offset, let needed, let available):
            "offset \(offset): the length field needs \(needed) bytes but only \(available) remain"
        case .lengthExceedsCapacity(let offset, let length, let capacity):
            "offset \(offset): message length \(length) exceeds the file's capacity \(capacity)"
        case .messageTruncated(let offset, let length, let available):
            "offset \(offset): the length field claims \(length) bytes but \(available) follow"
        case .lengthOutOfRange(let length, let maximum):
            "length \(length) is outside 0...\(maximum)"
        case .messageTooLong(let length, let capacity):
            "a \(length)-byte message exceeds the file's capacity of \(capacity) bytes"
        }
    }
}

extension NDEFFileError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}
