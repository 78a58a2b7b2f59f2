import HexText
import NDEF

/// The exact value types a DUT's answer fields decode into (DESIGN §6). Each refuses what
/// its field must not hold with a `DecodingError.dataCorrupted` at the field, whose
/// description says what the field must be; `ProcessDUTAnswer.decode` puts the field's
/// name in front and makes it a protocol violation quoting the line.
///
/// JSON has one kind of number, so these read a number as Foundation's `JSONDecoder`
/// parses it: 1, 1.0 and 1e0 are the same whole number; 1.9, 1e400 and -1 are none.
enum DUTWholeNumber {
    /// The number in `decoder`'s single value: a whole number of at least `minimum`.
    static func decode(from decoder: any Decoder, atLeast minimum: Int) throws -> Int {
        let container = try decoder.singleValueContainer()
        let what = "must be a whole number ≥ \(minimum)"
        // Foundation reports a number that is no Int (1.9, 1e400) at the document's root:
        // caught here, the refusal names the field.
        guard let number = try? container.decode(Int.self), number >= minimum else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: what)
        }
        return number
    }
}

/// `capacity`, `protocol`: a whole number ≥ 0.
struct DUTCount: Decodable, Sendable, Hashable {
    let value: Int

    init(from decoder: any Decoder) throws {
        value = try DUTWholeNumber.decode(from: decoder, atLeast: 0)
    }
}

/// `id`: a request's number, a whole number ≥ 1 (nfcrig numbers its requests from 1).
struct DUTRequestID: Decodable, Sendable, Hashable {
    let value: Int

    init(from decoder: any Decoder) throws {
        value = try DUTWholeNumber.decode(from: decoder, atLeast: 1)
    }
}

/// Bytes as hex: two digits per byte, nothing between them, either case.
struct DUTHexBytes: Decodable, Sendable, Hashable {
    /// The text as the DUT wrote it.
    let text: String
    /// The bytes.
    let bytes: [UInt8]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a string of hex digits")
        }
        do {
            bytes = try Hex.decodeDigits(text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be hex, two digits per byte: \(error)")
        }
        self.text = text
    }
}

/// A value the protocol names with one of a fixed set of strings.
protocol DUTNamedValue: Sendable {
    /// Every value the protocol has a name for, in the order an error lists them.
    static var namedValues: [Self] { get }
    /// The value's name on the wire.
    var protocolName: String { get }
}

/// A field holding one of `Value`'s names; any other string (or a non-string) is refused
/// with the names it may hold.
struct DUTName<Value: DUTNamedValue>: Decodable, Sendable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let names = Value.namedValues.map(\.protocolName)
        let allowed =
            names.count > 1
            ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            : names.joined()
        guard let text = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be the string \(allowed)")
        }
        guard let value = Value.namedValues.first(where: { $0.protocolName == text }) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be \(allowed), not \"\(text)\"")
        }
        self.value = value
    }
}

extension DUTRead.Status: DUTNamedValue {
    static var namedValues: [Self] { allCases }
    var protocolName: String { rawValue }
}

extension ISODEPHandling: DUTNamedValue {
    static var namedValues: [Self] { allCases }
    var protocolName: String { rawValue }
}

/// The TNF names a record may carry, as `nfcrig ndef decode --json` writes them; the
/// reserved TNF has none.
extension TypeNameFormat: DUTNamedValue {
    static var namedValues: [Self] { allCases.filter { $0 != .reserved } }
    var protocolName: String { name }
}

/// `error`: one of CoreNFC's `NFCReaderError` names (and the protocol's own), short or in
/// full, checked against `ProcessDUTAnswer.readerErrors` and read as the name there.
struct DUTErrorName: Decodable, Sendable, Hashable {
    let name: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let name = try? container.decode(String.self) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be an error name (a string)")
        }
        let canonical = ProcessDUTAnswer.readerErrorAliases[name] ?? name
        guard ProcessDUTAnswer.readerErrors.contains(canonical) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "is an unknown error name: \"\(name)\"")
        }
        self.name = canonical
    }
}

extension AdapterBehaviour: DUTNamedValue {
    static var namedValues: [Self] { allCases }
    var protocolName: String { rawValue }
}

extension CoreNFCRole: DUTNamedValue {
    static var namedValues: [Self] { allCases }
    var protocolName: String { rawValue }
}
