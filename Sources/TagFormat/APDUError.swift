import HexText

/// A malformed or unencodable ISO/IEC 7816-4 APDU: the rule, the byte offset and the value.
///
/// Offsets count from the first byte of the APDU (CLA, or the first data byte of a response).
public enum APDUError: Error, Sendable, Hashable {
    /// A field starting at `offset` needs `needed` bytes but only `available` remain.
    case truncated(offset: Int, field: APDUField, needed: Int, available: Int)
    /// Lc announces more data bytes than the APDU holds.
    case dataOverrunsInput(offset: Int, declared: Int, available: Int)
    /// Bytes follow the last field the length fields allow.
    case trailingBytes(offset: Int, count: Int)
    /// An extended Lc of 0000: extended length fields announce at least one data byte.
    case zeroExtendedLc(offset: Int)
    /// More than 65 535 command data bytes: no Lc can express it.
    case dataTooLong(count: Int)
    /// A command that must carry data (UPDATE BINARY) has none.
    case emptyData(ins: UInt8)
    /// An expected response length outside 1...65 536 (256 is short Le `00`, 65 536 extended
    /// Le `0000`).
    case expectedLengthOutOfRange(le: Int)
    /// A file offset a command cannot carry: READ/UPDATE BINARY in P1-P2 reach 0x7FFF (P1 bit 8
    /// set would mean a short EF identifier), the offset data object reaches 0xFFFFFE.
    case offsetOutOfRange(offset: Int, maximum: Int)

    /// The rule's stable name, used as `rule` in JSON output.
    public var rule: String {
        switch self {
        case .truncated: "truncated"
        case .dataOverrunsInput: "dataOverrunsInput"
        case .trailingBytes: "trailingBytes"
        case .zeroExtendedLc: "zeroExtendedLc"
        case .dataTooLong: "dataTooLong"
        case .emptyData: "emptyData"
        case .expectedLengthOutOfRange: "expectedLengthOutOfRange"
        case .offsetOutOfRange: "offsetOutOfRange"
        }
    }

    /// The byte offset in the APDU where the rule was broken (0 for values given to an encoder).
    public var offset: Int {
        switch self {
        case .truncated(let offset, _, _, _), .dataOverrunsInput(let offset, _, _),
            .trailingBytes(let offset, _), .zeroExtendedLc(let offset):
            offset
        case .dataTooLong, .emptyData, .expectedLengthOutOfRange, .offsetOutOfRange: 0
        }
    }

    /// A one-line explanation naming the offset and the offending value.
    public var message: String {
        switch self {
        case .truncated(let offset, let field, let needed, let available):
            "offset \(offset): \(field.rawValue) needs \(needed) bytes but only \(available) remain"
        case .dataOverrunsInput(let offset, let declared, let available):
            "offset \(offset): Lc announces \(declared) data bytes but only \(available) follow"
        case .trailingBytes(let offset, let count):
            "offset \(offset): \(count) bytes follow the last field the length fields allow"
        case .zeroExtendedLc(let offset):
            "offset \(offset): extended Lc is 0000, must announce 1...65535 data bytes"
        case .dataTooLong(let count):
            "\(count) command data bytes exceed the 65535 an extended Lc can announce"
        case .emptyData(let ins):
            "instruction \(Hex.digits(ins, uppercase: true)) needs command data but has none"
        case .expectedLengthOutOfRange(let le):
            "expected response length \(le) is outside 1...65536"
        case .offsetOutOfRange(let offset, let maximum):
            "file offset \(offset) exceeds the maximum \(maximum) this command can carry"
        }
    }
}

extension APDUError: CustomStringConvertible {
    public var description: String { "\(rule): \(message)" }
}

/// The fields of an APDU, as named in ISO/IEC 7816-4.
public enum APDUField: String, Sendable, Hashable {
    /// CLA INS P1 P2.
    case header = "the header"
    /// An extended length field (`00` plus two bytes, or two bytes after an extended Lc).
    case extendedLength = "the extended length field"
    /// Le after command data.
    case le = "Le"
    /// SW1 SW2 of a response.
    case statusWord = "the status word"
}
