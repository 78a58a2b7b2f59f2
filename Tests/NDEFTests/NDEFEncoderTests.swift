import NFCRigTestSupport
import Testing

@testable import NDEF

@Suite struct NDEFEncoderTests {
    private func media(_ count: Int, id: [UInt8] = []) -> NDEFRecord {
        NDEFRecord(
            typeNameFormat: .media, typeName: "text/plain", identifier: id,
            payload: [UInt8](repeating: 0x61, count: count))
    }

    @Test func aPayloadOf255BytesUsesAShortRecord() throws {
        let encoded = try NDEFEncoder().encode(NDEFMessage(media(255)))
        #expect(encoded[0] == 0xD2)
        #expect(encoded[2] == 255)
        #expect(encoded.count == 3 + 10 + 255)
    }

    @Test func aPayloadOf256BytesUsesTheFourByteLength() throws {
        let encoded = try NDEFEncoder().encode(NDEFMessage(media(256)))
        #expect(encoded[0] == 0xC2)
        #expect(Array(encoded[2..<6]) == [0, 0, 1, 0])
    }

    @Test func onlyTheFirstRecordGetsMBAndOnlyTheLastGetsME() throws {
        let one = NDEFRecord(typeNameFormat: .wellKnown, typeName: "U", payload: [0])
        let encoded = try NDEFEncoder().encode(NDEFMessage(records: [one, one, one]))
        #expect(encoded == bytes("91 01 01 55 00  11 01 01 55 00  51 01 01 55 00"))
    }

    @Test func anIDSetsILAndFollowsTheType() throws {
        let encoded = try NDEFEncoder().encode(NDEFMessage(media(1, id: [0x69])))
        #expect(encoded == bytes("DA 0A 01 01") + Array("text/plain".utf8) + [0x69, 0x61])
    }

    @Test func chunkSizeSplitsALongPayloadIntoUnchangedChunks() throws {
        let record = media(10, id: [0x69])
        let encoded = try NDEFEncoder(chunkSize: 4).encode(NDEFMessage(record))
        let wire = try NDEFDecoder().wireRecords(in: encoded)
        #expect(wire.map(\.payloadRange.count) == [4, 4, 2])
        #expect(wire.map(\.header.typeNameFormat) == [.media, .unchanged, .unchanged])
        #expect(wire.map(\.header.isChunk) == [true, true, false])
        #expect(wire.map(\.header.isMessageEnd) == [false, false, true])
        #expect(wire.map(\.identifierRange.count) == [1, 0, 0])
        let decoded = try NDEFDecoder().decode(encoded)
        #expect(decoded.records == [record])
        #expect(decoded.records[0].chunkCount == 3)
    }

    @Test func aPayloadNoLongerThanTheChunkSizeIsNotChunked() throws {
        let encoded = try NDEFEncoder(chunkSize: 10).encode(NDEFMessage(media(10)))
        #expect(try NDEFDecoder().wireRecords(in: encoded).count == 1)
    }

    @Test func chunkSizeZeroNeverChunks() throws {
        let encoded = try NDEFEncoder(chunkSize: 0).encode(NDEFMessage(media(4000)))
        #expect(try NDEFDecoder().wireRecords(in: encoded).count == 1)
    }

    @Test func aDecodedLayoutIsIgnoredOnceThePayloadNoLongerFitsIt() throws {
        var message = try NDEFDecoder().decode(bytes("C1 01 00 00 00 01 55 00"))
        #expect(try NDEFEncoder().encode(message) == bytes("C1 01 00 00 00 01 55 00"))
        message.records[0].payload = [0, 1]
        #expect(try NDEFEncoder().encode(message) == bytes("D1 01 02 55 00 01"))
    }

    @Test func encodedLengthMatchesTheEncodedBytes() throws {
        let message = NDEFMessage(records: [media(3), media(300, id: [1, 2]), media(0)])
        for chunkSize in [0, 1, 7, 256] {
            let encoder = NDEFEncoder(chunkSize: chunkSize)
            #expect(try encoder.encode(message).count == encoder.encodedLength(of: message))
        }
    }

    @Test(arguments: [
        (NDEFMessage(records: []), NDEFEncodingError.emptyMessage),
        (
            NDEFMessage(
                NDEFRecord(typeNameFormat: .wellKnown, type: .init(repeating: 0x41, count: 256))),
            .typeTooLong(record: 0, length: 256)
        ),
        (
            NDEFMessage(
                NDEFRecord(typeNameFormat: .unknown, identifier: .init(repeating: 1, count: 256))),
            .identifierTooLong(record: 0, length: 256)
        ),
        (
            NDEFMessage(NDEFRecord(typeNameFormat: .unchanged)),
            .typeNameFormatNotEncodable(record: 0, typeNameFormat: .unchanged)
        ),
        (
            NDEFMessage(NDEFRecord(typeNameFormat: .reserved)),
            .typeNameFormatNotEncodable(record: 0, typeNameFormat: .reserved)
        ),
        (
            NDEFMessage(.empty, NDEFRecord(typeNameFormat: .empty, payload: [1])),
            .emptyRecordHasContent(record: 1)
        ),
        (
            NDEFMessage(NDEFRecord(typeNameFormat: .unknown, type: [0x41])),
            .typeNotAllowed(record: 0, typeNameFormat: .unknown)
        ),
        (
            NDEFMessage(NDEFRecord(typeNameFormat: .external)),
            .typeMissing(record: 0, typeNameFormat: .external)
        ),
        (
            NDEFMessage(NDEFRecord(typeNameFormat: .media, type: [0x61, 0x0A])),
            .typeNotASCII(record: 0, byte: 0x0A)
        ),
    ])
    func invalidRecordsAreRefusedWithTheRecordIndex(
        _ message: NDEFMessage, _ error: NDEFEncodingError
    ) {
        #expect(throws: error) { try NDEFEncoder().encode(message) }
    }
}
