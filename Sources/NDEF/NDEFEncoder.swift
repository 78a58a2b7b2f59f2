import HexText

/// Encodes NDEF messages: MB/ME set by position, SR whenever a payload fits in 255 octets,
/// IL only when there is an ID, and optional chunking of long payloads.
///
/// A record that carries a `layout` from decoding is laid out as it was, so encoding a
/// decoded message gives back its bytes; `chunkSize` overrides that.
public struct NDEFEncoder: Sendable {
    /// Split payloads longer than this many octets into chunks of this size (0: never), like
    /// CoreNFC's `NFCNDEFPayload.chunkSize`.
    public var chunkSize: Int

    /// Creates an encoder.
    public init(chunkSize: Int = 0) { self.chunkSize = max(0, chunkSize) }

    /// Encodes a message.
    /// - Throws: `NDEFEncodingError` naming the record and the field that cannot be encoded.
    public func encode(_ message: NDEFMessage) throws(NDEFEncodingError) -> [UInt8] {
        guard !message.records.isEmpty else { throw .emptyMessage }
        for (index, record) in message.records.enumerated() {
            try Self.check(record, index: index)
        }
        var out: [UInt8] = []
        out.reserveCapacity(encodedLength(of: message))
        let last = message.records.count - 1
        for (index, record) in message.records.enumerated() {
            forEachChunk(of: record) { chunk in
                let header = NDEFRecordHeader(
                    typeNameFormat: chunk.isFirst ? record.typeNameFormat : .unchanged,
                    messageBegin: index == 0 && chunk.isFirst,
                    messageEnd: index == last && chunk.isLast,
                    chunk: !chunk.isLast, shortRecord: chunk.shortRecord,
                    identifierLengthPresent: chunk.isFirst && chunk.identifierLengthPresent)
                out.append(header.rawValue)
                out.append(chunk.isFirst ? UInt8(record.type.count) : 0)
                let length = chunk.payload.count
                if chunk.shortRecord {
                    out.append(UInt8(length))
                } else {
                    out.append(contentsOf: [
                        UInt8(truncatingIfNeeded: length >> 24),
                        UInt8(truncatingIfNeeded: length >> 16),
                        UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
                    ])
                }
                if chunk.isFirst {
                    if chunk.identifierLengthPresent { out.append(UInt8(record.identifier.count)) }
                    out.append(contentsOf: record.type)
                    out.append(contentsOf: record.identifier)
                }
                out.append(contentsOf: record.payload[chunk.payload])
            }
        }
        return out
    }

    /// The number of octets `encode` produces for a message it can encode.
    public func encodedLength(of message: NDEFMessage) -> Int {
        var total = 0
        for record in message.records {
            forEachChunk(of: record) { chunk in
                total += 2 + (chunk.shortRecord ? 1 : 4) + chunk.payload.count
                if chunk.isFirst {
                    total +=
                        (chunk.identifierLengthPresent ? 1 : 0) + record.type.count
                        + record.identifier.count
                }
            }
        }
        return total
    }

    struct Chunk {
        var payload: Range<Int>
        var shortRecord: Bool
        var isFirst: Bool
        var isLast: Bool
        var identifierLengthPresent: Bool
    }

    func forEachChunk(of record: NDEFRecord, _ body: (Chunk) -> Void) {
        let length = record.payload.count
        if chunkSize == 0, let layout = record.layout, layout.fits(record) {
            var cursor = 0
            let chunks = layout.chunks
            for (position, chunk) in chunks.enumerated() {
                body(
                    Chunk(
                        payload: cursor..<cursor + chunk.payloadLength,
                        shortRecord: chunk.shortRecord,
                        isFirst: position == 0, isLast: position == chunks.count - 1,
                        identifierLengthPresent: layout.identifierLengthPresent))
                cursor += chunk.payloadLength
            }
            return
        }
        let identifierLengthPresent = !record.identifier.isEmpty
        guard chunkSize > 0, length > chunkSize else {
            body(
                Chunk(
                    payload: 0..<length, shortRecord: length <= 255, isFirst: true, isLast: true,
                    identifierLengthPresent: identifierLengthPresent))
            return
        }
        var cursor = 0
        while cursor < length {
            let end = min(cursor + chunkSize, length)
            body(
                Chunk(
                    payload: cursor..<end, shortRecord: end - cursor <= 255, isFirst: cursor == 0,
                    isLast: end == length, identifierLengthPresent: identifierLengthPresent))
            cursor = end
        }
    }

    static func check(_ record: NDEFRecord, index: Int) throws(NDEFEncodingError) {
        let tnf = record.typeNameFormat
        if record.type.count > 255 {
            throw .typeTooLong(record: index, length: record.type.count)
        }
        if record.identifier.count > 255 {
            throw .identifierTooLong(record: index, length: record.identifier.count)
        }
        if record.payload.count > Int(UInt32.max) {
            throw .payloadTooLong(record: index, length: record.payload.count)
        }
        switch tnf {
        case .reserved, .unchanged:
            throw .typeNameFormatNotEncodable(record: index, typeNameFormat: tnf)
        case .empty:
            if !record.type.isEmpty || !record.identifier.isEmpty || !record.payload.isEmpty {
                throw .emptyRecordHasContent(record: index)
            }
        case .unknown:
            if !record.type.isEmpty {
                throw .typeNotAllowed(record: index, typeNameFormat: tnf)
            }
        case .wellKnown, .media, .absoluteURI, .external:
            if record.type.isEmpty { throw .typeMissing(record: index, typeNameFormat: tnf) }
        }
        if let byte = record.type.first(where: { $0 < 0x20 || $0 > 0x7E }) {
            throw .typeNotASCII(record: index, byte: byte)
        }
    }
}

/// Why a message cannot be encoded: the rule and the record index.
public enum NDEFEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A message needs at least one record.
    case emptyMessage
    /// The TYPE field is longer than 255 octets.
    case typeTooLong(record: Int, length: Int)
    /// The ID field is longer than 255 octets.
    case identifierTooLong(record: Int, length: Int)
    /// The payload does not fit the 32-bit PAYLOAD_LENGTH.
    case payloadTooLong(record: Int, length: Int)
    /// TNF 6 and 7 are not for records built in code (6 is produced by chunking).
    case typeNameFormatNotEncodable(record: Int, typeNameFormat: TypeNameFormat)
    /// An empty record has a type, ID or payload.
    case emptyRecordHasContent(record: Int)
    /// An unknown record has a type.
    case typeNotAllowed(record: Int, typeNameFormat: TypeNameFormat)
    /// A well-known, media, absolute-URI or external record has no type.
    case typeMissing(record: Int, typeNameFormat: TypeNameFormat)
    /// A type byte is outside printable US-ASCII.
    case typeNotASCII(record: Int, byte: UInt8)

    public var description: String {
        switch self {
        case .emptyMessage: "a message needs at least one record"
        case .typeTooLong(let record, let length):
            "record \(record): type is \(length) bytes, at most 255 fit"
        case .identifierTooLong(let record, let length):
            "record \(record): ID is \(length) bytes, at most 255 fit"
        case .payloadTooLong(let record, let length):
            "record \(record): payload is \(length) bytes, at most 4294967295 fit"
        case .typeNameFormatNotEncodable(let record, let tnf):
            "record \(record): TNF \(tnf.rawValue) (\(tnf.name)) cannot be encoded directly"
        case .emptyRecordHasContent(let record):
            "record \(record): an empty record must have no type, ID or payload"
        case .typeNotAllowed(let record, let tnf):
            "record \(record): a \(tnf.name) record must have no type"
        case .typeMissing(let record, let tnf):
            "record \(record): a \(tnf.name) record needs a type"
        case .typeNotASCII(let record, let byte):
            "record \(record): type byte 0x\(Hex.digits(byte)) is not printable US-ASCII"
        }
    }
}
