import Testing

@testable import NDEF

/// Every record of a message decoded through the zero-copy view path.
private func contentsInPlace(_ bytes: [UInt8]) throws -> [NDEFRecordContent] {
    var contents: [NDEFRecordContent] = []
    var failure: RTDError?
    try NDEFDecoder().forEachRecord(in: bytes) { view in
        do throws(RTDError) {
            contents.append(try NDEFRecordContent(view))
        } catch {
            failure = error
        }
    }
    if let failure { throw failure }
    return contents
}

@Suite struct NDEFRecordContentTests {
    static let aar = AndroidApplicationRecord(packageName: "com.example.app")

    static let mixed = NDEFMessage(records: [
        URIRecord(uri: "https://example.com/p/1").record,
        try! TextRecord(text: "Hello", language: "en-US").record(),
        try! MIMERecord(jsonObject: ["id": "7", "favorite": "tea"]).record,
        try! SmartPosterRecord(
            uri: URIRecord(uri: "tel:+15551234"),
            titles: [TextRecord(text: "Call us", language: "en")], action: .execute
        ).record(),
        ExternalRecord(type: try! ExternalType("example.com:thing"), payload: [1, 2]).record,
        aar.record,
        AbsoluteURIRecord(uri: "urn:example:x").record,
        NDEFRecord(typeNameFormat: .unknown, payload: [9]),
        wellKnown("Hs", [0x12]),
    ])

    @Test func eachRecordKindDecodesToItsContent() throws {
        let contents = try Self.mixed.records.map { (record) throws in try NDEFRecordContent(record)
        }
        #expect(contents[0] == .uri(URIRecord(uri: "https://example.com/p/1")))
        #expect(contents[1] == .text(TextRecord(text: "Hello", language: "en-US")))
        guard case .mime(let json) = contents[2] else {
            Issue.record("record 2 is not a media record: \(contents[2])")
            return
        }
        #expect(try json.jsonObject() as? [String: String] == ["id": "7", "favorite": "tea"])
        guard case .smartPoster(let poster) = contents[3] else {
            Issue.record("record 3 is not a Smart Poster: \(contents[3])")
            return
        }
        #expect(poster.uri.uri == "tel:+15551234" && poster.action == .execute)
        #expect(
            contents[4]
                == .external(
                    ExternalRecord(type: try ExternalType("EXAMPLE.com:thing"), payload: [1, 2])))
        #expect(contents[5] == .androidApplication(Self.aar))
        #expect(contents[6] == .absoluteURI(AbsoluteURIRecord(uri: "urn:example:x")))
        #expect(contents[7] == .other(NDEFRecord(typeNameFormat: .unknown, payload: [9])))
        #expect(contents[8] == .other(wellKnown("Hs", [0x12])))
    }

    @Test func theViewPathAndTheRecordPathAgree() throws {
        let bytes = try NDEFEncoder().encode(Self.mixed)
        let owned = try NDEFDecoder().decode(bytes).records.map {
            (record) throws in try NDEFRecordContent(record)
        }
        #expect(try contentsInPlace(bytes) == owned)
        #expect(owned.count == 9)
    }

    @Test func contentEncodesBackToTheSameRecords() throws {
        for record in Self.mixed.records {
            #expect(try NDEFRecordContent(record).record() == record)
        }
    }

    @Test func anEmptyRecordIsEmptyContent() throws {
        #expect(try NDEFRecordContent(.empty) == .empty)
        #expect(try contentsInPlace(rtdBytes("d0 00 00")) == [.empty])
    }

    @Test func aChunkedURIRecordDecodesThroughTheViewPath() throws {
        let record = URIRecord(uri: "https://example.com/a/long/path").record
        let bytes = try NDEFEncoder(chunkSize: 4).encode(NDEFMessage(record))
        #expect(
            try contentsInPlace(bytes) == [.uri(URIRecord(uri: "https://example.com/a/long/path"))])
    }

    @Test func aBrokenPayloadThrowsOnBothPaths() throws {
        let bytes = rtdBytes("d1 01 02 55 04 ff")
        #expect(
            rtdError { () throws(RTDError) in try NDEFRecordContent(wellKnown("U", [0x04, 0xFF])) }
                == .invalidUTF8(field: .uri, offset: 1, byte: 0xFF))
        #expect(throws: RTDError.invalidUTF8(field: .uri, offset: 1, byte: 0xFF)) {
            try contentsInPlace(bytes)
        }
    }

    @Test func wellKnownTypesAreMatchedWithCase() throws {
        #expect(try NDEFRecordContent(wellKnown("u", [0x00])) == .other(wellKnown("u", [0x00])))
    }
}
