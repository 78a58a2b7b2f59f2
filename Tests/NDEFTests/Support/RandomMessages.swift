import NDEF
import SeededRandom

/// A way `RandomMessages.mutate(_:)` breaks an encoded message.
enum MessageMutation: String, CaseIterable, Sendable {
    case flipMessageBegin
    case flipMessageEnd
    case flipChunk
    case flipShortRecord
    case flipIdentifierLength
    case setReservedTypeNameFormat
    case changeTypeNameFormat
    case truncate
    case changeLengthByte
    case appendTrailingBytes
    case corruptTypeByte
    case identifierOnContinuationChunk
    case typeOnContinuationChunk
}

/// A random message, encoded, with the chunk size its encoder used (0: not chunked).
struct EncodedRandomMessage {
    var message: NDEFMessage
    var bytes: [UInt8]
    var chunkSize: Int
}

/// Seeded random NDEF messages for property and oracle tests.
///
/// Valid messages go through `NDEFEncoder`: TNF 0–5 with printable US-ASCII types, IDs of
/// any octets, payloads of 0–600 octets (so short and normal records both occur), 1–8
/// records, about a quarter of the messages chunked, and some records laid out with a 4-octet
/// length for a short payload or an empty ID behind IL. Media and absolute-URI types keep
/// to the grammar ndeflib maps back to a TNF (`type/subtype`, `scheme://host/path`).
/// `mutate(_:)` then breaks an encoded message in one of the `MessageMutation` ways.
struct RandomMessages {
    var generator: SplitMix64

    /// Creates a source of messages; the same seed gives the same messages.
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    // MARK: - Valid messages

    /// A random valid message and its encoding.
    mutating func encodedMessage(maxRecords: Int = 8) -> EncodedRandomMessage {
        let message = self.message(maxRecords: maxRecords)
        let chunkSize = chance(0.25) ? int(8...300) : 0
        let bytes = try! NDEFEncoder(chunkSize: chunkSize).encode(message)
        return EncodedRandomMessage(message: message, bytes: bytes, chunkSize: chunkSize)
    }

    /// A random valid message of 1...`maxRecords` records.
    mutating func message(maxRecords: Int = 8) -> NDEFMessage {
        NDEFMessage(records: (0..<int(1...maxRecords)).map { _ in record() })
    }

    /// A random valid record of TNF 0–5.
    mutating func record() -> NDEFRecord {
        let tnf = TypeNameFormat(rawValue: UInt8(int(0...5)))!
        if tnf == .empty { return .empty }
        let type: [UInt8] =
            switch tnf {
            case .wellKnown: wellKnownType()
            case .media: mediaType()
            case .absoluteURI: absoluteURIType()
            case .external: externalType()
            default: []
            }
        let identifier = chance(0.4) ? bytes(count: int(1...12)) : []
        let payloadLength = chance(0.5) ? int(0...255) : int(0...600)
        var record = NDEFRecord(
            typeNameFormat: tnf, type: type, identifier: identifier,
            payload: bytes(count: payloadLength))
        if chance(0.2) {
            // Layouts a valid message may choose but the encoder would not: a 4-octet length
            // for a short payload, an ID_LENGTH of 0.
            record.layout = NDEFRecordLayout(
                identifierLengthPresent: !identifier.isEmpty || chance(0.5),
                single: .init(
                    payloadLength: payloadLength, shortRecord: payloadLength <= 255 && chance(0.3)))
        }
        return record
    }

    mutating func wellKnownType() -> [UInt8] {
        if chance(0.6) {
            return Array(pick(["U", "T", "Sp", "act", "s", "t", "Hr", "Hs", "ac", "Di"]).utf8)
        }
        return printable(count: int(1...16))
    }

    mutating func mediaType() -> [UInt8] {
        if chance(0.5) {
            let known = [
                "application/json", "text/plain", "image/png", "text/vcard",
                "application/vnd.bluetooth.ep.oob", "application/vnd.wfa.wsc",
            ]
            return Array(pick(known).utf8)
        }
        let head = token(count: int(1...12), from: Self.tokenCharacters)
        let tail = token(count: int(1...20), from: Self.subtypeCharacters)
        return Array("\(head)/\(tail)".utf8)
    }

    mutating func absoluteURIType() -> [UInt8] {
        let scheme = pick(["http", "https", "ftp"])
        let host = token(count: int(1...12), from: Self.hostCharacters) + ".example"
        let path = token(count: int(1...20), from: Self.tokenCharacters)
        return Array("\(scheme)://\(host)/\(path)".utf8)
    }

    mutating func externalType() -> [UInt8] {
        if chance(0.7) {
            let domain = token(count: int(1...12), from: Self.hostCharacters) + ".com"
            let name = token(count: int(1...12), from: Self.tokenCharacters)
            return Array("\(domain):\(name)".utf8)
        }
        return printable(count: int(1...24))
    }

    // MARK: - Mutations

    /// Breaks a valid encoded message one way; the result may or may not still be valid.
    mutating func mutate(_ valid: [UInt8]) -> (bytes: [UInt8], mutation: MessageMutation) {
        let mutation = MessageMutation.allCases.randomElement(using: &generator)!
        return (mutate(valid, by: mutation), mutation)
    }

    /// Breaks a valid encoded message the given way. Mutations that need a chunked record
    /// fall back to flipping CF when the message has none.
    mutating func mutate(_ valid: [UInt8], by mutation: MessageMutation) -> [UInt8] {
        let wire = try! NDEFDecoder().wireRecords(in: valid)
        var bytes = valid
        let target = wire.randomElement(using: &generator)!
        let continuation = wire.filter { $0.header.typeNameFormat == .unchanged }
        switch mutation {
        case .flipMessageBegin: bytes[target.offset] ^= NDEFRecordHeader.messageBegin
        case .flipMessageEnd: bytes[target.offset] ^= NDEFRecordHeader.messageEnd
        case .flipChunk: bytes[target.offset] ^= NDEFRecordHeader.chunk
        case .flipShortRecord: bytes[target.offset] ^= NDEFRecordHeader.shortRecord
        case .flipIdentifierLength: bytes[target.offset] ^= NDEFRecordHeader.identifierLength
        case .setReservedTypeNameFormat: bytes[target.offset] |= 0x07
        case .changeTypeNameFormat:
            let old = bytes[target.offset] & 0x07
            let new = (old + UInt8(int(1...6))) % 7
            bytes[target.offset] = bytes[target.offset] & 0xF8 | new
        case .truncate:
            bytes.removeLast(int(1...bytes.count - 1))
        case .changeLengthByte:
            var positions = [target.offset + 1]  // TYPE_LENGTH
            let payloadLengthStart = target.offset + 2
            positions +=
                target.header.isShortRecord
                ? [payloadLengthStart] : Array(payloadLengthStart..<payloadLengthStart + 4)
            if target.header.hasIdentifierLength {
                positions.append(target.typeRange.lowerBound - 1)
            }
            let position = pick(positions)
            let old = bytes[position]
            bytes[position] = chance(0.5) ? UInt8(int(0...255)) : old &+ UInt8(int(1...3))
        case .appendTrailingBytes:
            if chance(0.5) {
                bytes += self.bytes(count: int(1...8))
            } else {
                // A whole well-formed record after the one with ME.
                bytes += [0x51, 0x01, 0x01, 0x54, 0x00]
            }
        case .corruptTypeByte:
            guard
                let typed = wire.filter({ !$0.typeRange.isEmpty }).randomElement(using: &generator)
            else {
                bytes[target.offset] ^= NDEFRecordHeader.chunk
                break
            }
            let position = int(typed.typeRange.lowerBound...typed.typeRange.upperBound - 1)
            bytes[position] = UInt8(
                chance(0.5) ? pick(Array(0x00...0x1F) + [0x7F]) : int(0x80...0xFF))
        case .identifierOnContinuationChunk:
            guard let chunk = continuation.randomElement(using: &generator) else {
                bytes[target.offset] ^= NDEFRecordHeader.chunk
                break
            }
            let identifier = self.bytes(count: int(0...2))
            bytes[chunk.offset] |= NDEFRecordHeader.identifierLength
            bytes.insert(
                contentsOf: [UInt8(identifier.count)] + identifier, at: chunk.typeRange.lowerBound)
        case .typeOnContinuationChunk:
            guard let chunk = continuation.randomElement(using: &generator) else {
                bytes[target.offset] ^= NDEFRecordHeader.chunk
                break
            }
            let type = printable(count: int(1...4))
            bytes[chunk.offset + 1] = UInt8(type.count)
            bytes.insert(contentsOf: type, at: chunk.typeRange.lowerBound)
        }
        return bytes
    }

    // MARK: - Primitives

    static let tokenCharacters = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
    static let subtypeCharacters = tokenCharacters + Array("+.")
    static let hostCharacters = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < probability
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &generator)! }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    mutating func printable(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
    }

    mutating func token(count: Int, from characters: [Character]) -> String {
        String((0..<count).map { _ in characters.randomElement(using: &generator)! })
    }
}
