/// One record header and its fields as they sit in the input: a chunk is its own wire record.
///
/// Offsets count from the start of the input; nothing is copied.
public struct NDEFWireRecord: Sendable, Hashable {
    /// The flag octet.
    public var header: NDEFRecordHeader
    /// Offset of the flag octet.
    public var offset: Int
    /// Range of the TYPE field.
    public var typeRange: Range<Int>
    /// Range of the ID field (empty when IL is clear).
    public var identifierRange: Range<Int>
    /// Range of the PAYLOAD field.
    public var payloadRange: Range<Int>

    /// Offset of the first byte after this record.
    public var end: Int { payloadRange.upperBound }
}

/// Reads wire records one after another, checking lengths against the bytes that are there
/// before anything else looks at them.
struct NDEFWireReader {
    let bytes: UnsafeRawBufferPointer
    let payloadCap: Int

    /// Reads the wire record at `offset`; `index` is its position, for errors.
    @inline(__always)
    func record(at offset: Int, index: Int) throws(NDEFError) -> NDEFWireRecord {
        let available = bytes.count - offset
        guard available >= 1 else {
            throw .truncatedHeader(record: index, offset: offset, needed: 1, available: 0)
        }
        let header = NDEFRecordHeader(rawValue: bytes[offset])
        let payloadLengthSize = header.isShortRecord ? 1 : 4
        let headerSize = 2 + payloadLengthSize + (header.hasIdentifierLength ? 1 : 0)
        guard available >= headerSize else {
            throw .truncatedHeader(
                record: index, offset: offset, needed: headerSize, available: available)
        }
        var cursor = offset + 1
        let typeLength = Int(bytes[cursor])
        cursor += 1
        let payloadLengthOffset = cursor
        var payloadLength: Int
        if header.isShortRecord {
            payloadLength = Int(bytes[cursor])
            cursor += 1
        } else {
            payloadLength =
                Int(bytes[cursor]) << 24 | Int(bytes[cursor + 1]) << 16
                | Int(bytes[cursor + 2]) << 8 | Int(bytes[cursor + 3])
            cursor += 4
        }
        var identifierLength = 0
        if header.hasIdentifierLength {
            identifierLength = Int(bytes[cursor])
            cursor += 1
        }
        // Caps and overruns are checked before any caller sizes a buffer from these numbers.
        if payloadLength > payloadCap {
            throw .payloadExceedsCap(
                record: index, offset: payloadLengthOffset, length: payloadLength, cap: payloadCap)
        }
        let typeStart = cursor
        guard typeLength <= bytes.count - typeStart else {
            throw .lengthOverrunsInput(
                record: index, offset: typeStart, field: .type, declared: typeLength,
                available: bytes.count - typeStart)
        }
        let identifierStart = typeStart + typeLength
        guard identifierLength <= bytes.count - identifierStart else {
            throw .lengthOverrunsInput(
                record: index, offset: identifierStart, field: .identifier,
                declared: identifierLength, available: bytes.count - identifierStart)
        }
        let payloadStart = identifierStart + identifierLength
        guard payloadLength <= bytes.count - payloadStart else {
            throw .lengthOverrunsInput(
                record: index, offset: payloadStart, field: .payload, declared: payloadLength,
                available: bytes.count - payloadStart)
        }
        return NDEFWireRecord(
            header: header, offset: offset,
            typeRange: typeStart..<identifierStart,
            identifierRange: identifierStart..<payloadStart,
            payloadRange: payloadStart..<payloadStart + payloadLength)
    }
}
