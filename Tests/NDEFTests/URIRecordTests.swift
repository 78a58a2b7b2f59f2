import Testing

@testable import NDEF

@Suite struct URIRecordTests {
    // The URI RTD's identifier code table, written out here as the fact the tests check.
    static let prefixTable: [(UInt8, String)] = [
        (0x00, ""), (0x01, "http://www."), (0x02, "https://www."), (0x03, "http://"),
        (0x04, "https://"), (0x05, "tel:"), (0x06, "mailto:"),
        (0x07, "ftp://anonymous:anonymous@"), (0x08, "ftp://ftp."), (0x09, "ftps://"),
        (0x0A, "sftp://"), (0x0B, "smb://"), (0x0C, "nfs://"), (0x0D, "ftp://"),
        (0x0E, "dav://"), (0x0F, "news:"), (0x10, "telnet://"), (0x11, "imap:"),
        (0x12, "rtsp://"), (0x13, "urn:"), (0x14, "pop:"), (0x15, "sip:"), (0x16, "sips:"),
        (0x17, "tftp:"), (0x18, "btspp://"), (0x19, "btl2cap://"), (0x1A, "btgoep://"),
        (0x1B, "tcpobex://"), (0x1C, "irdaobex://"), (0x1D, "file://"), (0x1E, "urn:epc:id:"),
        (0x1F, "urn:epc:tag:"), (0x20, "urn:epc:pat:"), (0x21, "urn:epc:raw:"),
        (0x22, "urn:epc:"), (0x23, "urn:nfc:"),
    ]

    @Test func thePrefixTableHasAllThirtySixCodes() {
        #expect(URIPrefix.allCases.count == 36)
        #expect(URIPrefix.allCases.map(\.rawValue) == Array(0x00...0x23))
    }

    @Test(arguments: prefixTable)
    func eachPrefixCodeDecodesAndEncodesBack(code: UInt8, prefix: String) throws {
        let payload = [code] + Array("nfcpy".utf8)
        let record = try decodeURI(payload)
        #expect(record.uri == prefix + "nfcpy")
        #expect(record.reservedPrefixCode == nil)
        #expect(URIPrefix(rawValue: code)?.string == prefix)
        #expect(URIRecord(uri: prefix + "nfcpy").payload == payload)
    }

    @Test func aURIWithPrefix04DecodesToHTTPS() throws {
        let record = try decodeURI(rtdBytes("04 6e 66 63 70 79 2e 6f 72 67"))
        #expect(record.uri == "https://nfcpy.org")
    }

    @Test func aPayloadOfOnlyThePrefixCodeIsAnEmptyURI() throws {
        #expect(try decodeURI([0x00]).uri == "")
        #expect(try decodeURI([0x06]).uri == "mailto:")
    }

    @Test(arguments: [UInt8(0x24), 0x25, 0x80, 0xFE, 0xFF])
    func aReservedCodeReadsAsNoPrefixAndIsReported(code: UInt8) throws {
        let record = try decodeURI([code] + Array("nfcpy".utf8))
        #expect(record.uri == "nfcpy")
        #expect(record.reservedPrefixCode == code)
        #expect(record.payload == rtdBytes("00 6e 66 63 70 79"))
    }

    @Test(arguments: [
        ("https://www.example.com", URIPrefix.httpsWWW),
        ("http://www.example.com", .httpWWW),
        ("https://example.com", .https),
        ("http://example.com", .http),
        ("ftp://anonymous:anonymous@host", .ftpAnonymous),
        ("ftp://ftp.example.com", .ftpFTP),
        ("ftp://example.com", .ftp),
        ("urn:epc:id:sgtin:1", .urnEPCID),
        ("urn:epc:tag:1", .urnEPCTag),
        ("urn:epc:x", .urnEPC),
        ("urn:nfc:wkt:U", .urnNFC),
        ("urn:isbn:1", .urn),
        ("sips:alice@example.com", .sips),
        ("sip:alice@example.com", .sip),
        ("HTTPS://EXAMPLE.COM", .noPrefix),
        ("myapp://open", .noPrefix),
    ])
    func encodingPicksTheLongestMatchingPrefix(uri: String, expected: URIPrefix) throws {
        let record = URIRecord(uri: uri)
        #expect(record.prefix == expected)
        #expect(record.payload.first == expected.rawValue)
        #expect(record.payload.count == 1 + uri.utf8.count - expected.string.utf8.count)
        #expect(try decodeURI(record.payload).uri == uri)
    }

    @Test func anEmptyPayloadIsAnError() {
        #expect(
            rtdError { () throws(RTDError) in try decodeURI([]) }
                == .fieldEmpty(field: .payload, offset: 0))
    }

    @Test(arguments: [
        ("03 00", 1, UInt8(0x00)),
        ("04 61 1f", 2, 0x1F),
        ("04 61 62 7f", 3, 0x7F),
        ("04 61 0a 62", 2, 0x0A),
        // Inside an eight-byte ASCII run, where the scan checks words, not bytes.
        ("04 61 62 63 64 65 66 67 68 69 6a 6b 09 6d 6e 6f 70", 12, 0x09),
        ("04 61 62 63 64 65 66 67 7f 69 6a", 8, 0x7F),
    ])
    func aControlCharacterIsRejectedWithItsOffset(hex: String, offset: Int, byte: UInt8) {
        #expect(
            rtdError { () throws(RTDError) in try decodeURI(rtdBytes(hex)) }
                == .controlCharacter(field: .uri, offset: offset, byte: byte))
    }

    @Test(arguments: [
        ("03 80", 1, UInt8(0x80)),  // a lone continuation byte
        ("04 61 c3", 2, 0xC3),  // a truncated two-byte sequence
        ("04 c0 af", 1, 0xC0),  // an overlong encoding of '/'
        ("04 ed a0 80", 1, 0xED),  // a UTF-16 surrogate
        ("04 f4 90 80 80", 1, 0xF4),  // past U+10FFFF
        ("04 e0 80 80", 1, 0xE0),  // an overlong three-byte sequence
        ("04 ff", 1, 0xFF),
        ("04 61 62 63 64 65 66 67 68 69 fe", 10, 0xFE),
    ])
    func badUTF8IsRejectedWithItsOffset(hex: String, offset: Int, byte: UInt8) {
        #expect(
            rtdError { () throws(RTDError) in try decodeURI(rtdBytes(hex)) }
                == .invalidUTF8(field: .uri, offset: offset, byte: byte))
    }

    @Test func multiByteUTF8DecodesAfterThePrefix() throws {
        let record = try decodeURI(rtdBytes("04 63 61 66 c3 a9 2e 66 72 2f f0 9f 98 80"))
        #expect(record.uri == "https://café.fr/😀")
        #expect(record.payload == rtdBytes("04 63 61 66 c3 a9 2e 66 72 2f f0 9f 98 80"))
    }

    @Test func aRecordBuildsAndDecodesThroughTheWellKnownTypeU() throws {
        let record = URIRecord(uri: "https://nfcpy.org").record
        #expect(record.typeNameFormat == .wellKnown && record.type == [0x55])
        let bytes = try NDEFEncoder().encode(NDEFMessage(record))
        #expect(bytes == rtdBytes("d1 01 0a 55 04 6e 66 63 70 79 2e 6f 72 67"))
        #expect(try URIRecord(record).uri == "https://nfcpy.org")
    }

    @Test func decodingATextRecordAsAURIIsATypeMismatch() {
        let text = wellKnown("T", rtdBytes("02 65 6e 48 69"))
        #expect(rtdError { () throws(RTDError) in try URIRecord(text) }?.rule == "typeMismatch")
    }
}
