import Testing

@testable import NDEF

@Suite struct AbsoluteURIRecordTests {
    @Test func theTypeFieldIsTheURIAndThePayloadIsUsuallyEmpty() throws {
        let bytes = rtdBytes("d3 14 00 68 74 74 70 3a 2f 2f 65 78 61 6d 70 6c 65 2e 63 6f 6d 2f 78")
        let message = try NDEFDecoder().decode(bytes)
        let record = try AbsoluteURIRecord(message.records[0])
        #expect(record.uri == "http://example.com/x")
        #expect(record.payload.isEmpty)
        #expect(try NDEFEncoder().encode(NDEFMessage(record.record)) == bytes)
    }

    @Test func aPayloadIsKept() throws {
        let record = AbsoluteURIRecord(uri: "urn:example:thing", payload: [1, 2, 3])
        #expect(try AbsoluteURIRecord(record.record) == record)
    }

    @Test(arguments: ["example.com/x", "1http://x", "://x", "http//x"])
    func aTypeWithoutASchemeIsMalformed(type: String) {
        let record = NDEFRecord(typeNameFormat: .absoluteURI, typeName: type, payload: [])
        #expect(
            rtdError { () throws(RTDError) in try AbsoluteURIRecord(record) }
                == .malformedType(field: .absoluteURI, value: type))
    }

    @Test func aTypeWithAControlByteIsNotASCII() {
        let record = NDEFRecord(
            typeNameFormat: .absoluteURI, type: Array("http://a".utf8) + [0x0A], payload: [])
        #expect(
            rtdError { () throws(RTDError) in try AbsoluteURIRecord(record) }
                == .notASCII(field: .absoluteURI, offset: 8, byte: 0x0A))
    }
}
