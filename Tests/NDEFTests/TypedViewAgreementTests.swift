import Testing

@testable import NDEF

/// The vectors of the RTD tests, decoded through both typed layers: the view layer must
/// accept and reject exactly what the owned layer does, with the same content and errors.
@Suite struct TypedViewAgreementTests {
    static let uriVectors: [TypedVector] =
        (Array(0x00...0x25) + [0x80, 0xFE, 0xFF]).map { (code: UInt8) in
            TypedVector(
                label: "U prefix code \(code)",
                record: wellKnown("U", [code] + Array("nfcpy".utf8)))
        }
        + [
            ("", "empty"), ("04 6e 66 63 70 79 2e 6f 72 67", "https"), ("00", "only code 0"),
            ("06", "only code 6"), ("03 00", "NUL"), ("04 61 1f", "unit separator"),
            ("04 61 62 7f", "DEL"), ("04 61 0a 62", "newline"),
            ("04 61 62 63 64 65 66 67 68 69 6a 6b 09 6d 6e 6f 70", "tab in a word"),
            ("04 61 62 63 64 65 66 67 7f 69 6a", "DEL in a word"),
            ("03 80", "lone continuation"), ("04 61 c3", "truncated sequence"),
            ("04 c0 af", "overlong slash"), ("04 ed a0 80", "surrogate"),
            ("04 f4 90 80 80", "past U+10FFFF"), ("04 e0 80 80", "overlong three bytes"),
            ("04 ff", "FF"), ("04 61 62 63 64 65 66 67 68 69 fe", "FE after a word"),
            ("04 63 61 66 c3 a9 2e 66 72 2f f0 9f 98 80", "multi-byte"),
        ].map { TypedVector.wellKnown("U", $0.0, $0.1) }

    static let textVectors: [TypedVector] = [
        "02 65 6e 48 65 6c 6c 6f", "02 65 6c ce 94", "02 65 6e",
        "82 65 6e ff fe 48 00 65 00 6c 00 6c 00 6f 00",
        "82 65 6e fe ff 00 48 00 65 00 6c 00 6c 00 6f", "82 65 6e 00 48 00 65 00 6c 00 6c 00 6f",
        "82 65 6c ff fe 94 03", "82 65 6e d8 3d de 00", "82 65 6e ff fe", "", "00", "01",
        "05 65 6e 2d", "42 65 6e", "c2 65 6e", "02 65 ff 41", "02 20 65 41",
        "02 65 6e ff fe 54 00", "02 65 6e 41 c3", "82 65 6e 54", "82 65 6e d8 00 00 41",
        "82 65 6e fe ff 00 41 dc 00", "82 65 6e ff fe 3d d8", "82 65 6e ff", "82 65 6e fe ff",
    ].map { TypedVector.wellKnown("T", $0, $0.isEmpty ? "empty" : $0) }

    static let posterVectors: [TypedVector] =
        [
            "91 01 01 55 00 51 01 08 54 02 65 6e 6e 66 63 70 79",
            "91 01 01 55 00 51 03 01 61 63 74 00",
            "91 01 01 55 00 51 01 04 73 00 00 00 01",
            "91 01 01 55 00 51 01 03 74 61 2f 62",
            "91 01 01 55 00 52 09 08 69 6d 61 67 65 2f 70 6e 67 89 50 4e 47 0d 0a 1a 0a",
            "91 01 01 55 00 52 09 01 76 69 64 65 6f 2f 6d 70 34 00",
            "91 01 01 55 00 51 01 08 54 02 64 65 6e 66 63 70 79",
            "91 01 01 55 00 51 03 01 61 63 74 02", "91 01 01 55 00 51 01 04 73 ff ff ff ff",
            "91 01 01 55 00 52 09 01 69 6d 61 67 65 2f 67 69 66 01", "",
            "91 01 01 55 00 51 01 01 55 00", "91 01 01 55 00 51 03 01 61 63 74 03",
            "91 01 01 55 00 51 03 02 61 63 74 00 00", "91 01 01 55 00 51 01 03 73 00 00 01",
            "91 01 01 55 00 51 01 01 74 ff", "91 01 01 55 00 51 01 02 54 00 41",
            "d1 01 02 55 03 80", "d1 01 05 55 00", "d1 01 0a 55 03 6e 66 63 70 79 2e 6f 72 67",
            // A broken second URI record only counts: two URIs is the error.
            "91 01 01 55 00 51 01 01 55 80",
            // A broken type record, then a second type record: the first error wins.
            "91 01 01 55 00 11 01 01 74 ff 51 01 01 74 61",
            // A broken nested record before a nested message error: the message error wins.
            "91 01 02 55 03 80 51 01 05 55 00",
            // An image record with a malformed media type is a broken icon.
            "91 01 01 55 00 52 06 00 69 6d 61 67 65 2f",
        ].map { TypedVector.wellKnown("Sp", $0, $0.isEmpty ? "empty" : $0) }
        + [
            ("full", try! SmartPosterRecordTests.full.payload()),
            ("title only", nested(wellKnown("T", rtdBytes("02 65 6e 48 69")))),
            (
                "two titles in one language",
                nested(
                    URIRecord(uri: "https://a.b").record, wellKnown("T", rtdBytes("02 65 6e 41")),
                    wellKnown("T", rtdBytes("02 45 4e 42")))
            ),
            (
                "three titles, the third repeating the first",
                nested(
                    wellKnown("T", rtdBytes("02 65 6e 41")), URIRecord(uri: "tel:1").record,
                    wellKnown("T", rtdBytes("02 66 72 41")),
                    wellKnown("T", rtdBytes("85 65 6e 2d 55 53 00 41")),
                    wellKnown("T", rtdBytes("02 45 6e 42")))
            ),
            (
                "second action",
                nested(
                    URIRecord(uri: "https://a.b").record, wellKnown("act", [0]),
                    wellKnown("act", [1]))
            ),
            (
                "second size",
                nested(
                    URIRecord(uri: "https://a.b").record, wellKnown("s", [0, 0, 0, 1]),
                    wellKnown("s", [0, 0, 0, 2]))
            ),
            (
                "unknown records kept in order",
                nested(
                    NDEFRecord(typeNameFormat: .external, typeName: "nfcpy.org:x", payload: [7]),
                    URIRecord(uri: "tel:+1").record,
                    NDEFRecord(typeNameFormat: .media, typeName: "audio/mpeg", payload: [1]),
                    .empty, wellKnown("Sp", [0x00]))
            ),
        ].map { TypedVector(label: "Sp \($0.0)", record: wellKnown("Sp", $0.1)) }

    static let typeFieldVectors: [TypedVector] =
        [
            "application/json", "application/jsoN", "text/plain", "text/plaim", "text/vcard",
            "text/x-vcard", "application/vnd.wfa.wsc", "application/vnd.bluetooth.ep.oob",
            "application/vnd.bluetooth.ep.ooc", "text/html", "image/png", "json", "text/",
            "/plain", "text;charset=utf-8/plain", "Application/JSON; charset=\"UTF-8\"", "",
        ].map { TypedVector.typed(.media, Array($0.utf8)) }
        + [TypedVector.typed(.media, Array("text/pl".utf8) + [0xC3, 0xA9])]
        + [
            "http://example.com/x", "urn:example:thing", "example.com/x", "1http://x", "://x",
            "http//x", "",
        ].map { TypedVector.typed(.absoluteURI, Array($0.utf8), payload: []) }
        + [TypedVector.typed(.absoluteURI, Array("http://a".utf8) + [0x0A])]
        + [
            "nfcpy.org:type", "example.com:a:b", "nocolon", ":name", "domain:", ":", "",
            "exämple.com:t",
        ].map { TypedVector.typed(.external, Array($0.utf8), payload: [1, 2]) }
        + [
            ("android.com:pkg", "63 6f 6d 2e 65 78 61 6d 70 6c 65 2e 61 70 70"),
            ("Android.COM:Pkg", "61 2e 62"), ("android.com:pkg", ""),
            ("android.com:pkg", "61 ff"), ("android.com:pkg", "61 0a"),
        ].map { TypedVector.typed(.external, Array($0.0.utf8), payload: rtdBytes($0.1)) }

    static let otherVectors: [TypedVector] = [
        TypedVector(label: "empty record", record: .empty),
        TypedVector(label: "unknown", record: NDEFRecord(typeNameFormat: .unknown, payload: [9])),
        TypedVector(label: "Hs", record: wellKnown("Hs", [0x12])),
        TypedVector(label: "lower-case u", record: wellKnown("u", [0x00])),
        TypedVector(label: "act outside a poster", record: wellKnown("act", [0x07])),
        TypedVector(
            label: "reserved TNF", record: NDEFRecord(typeNameFormat: .reserved, payload: [1])),
    ]

    @Test(arguments: uriVectors + textVectors + posterVectors + typeFieldVectors + otherVectors)
    func theViewLayerAgreesWithTheOwnedLayer(vector: TypedVector) {
        #expect(viewVerdict(vector.record) == ownedVerdict(vector.record))
    }

    @Test(arguments: uriVectors + textVectors + posterVectors + typeFieldVectors + otherVectors)
    func aDecodedMessageAgreesOnBothLayersAndBothEntryPoints(vector: TypedVector) throws {
        // Records with types the encoder refuses are covered by the test above.
        guard let bytes = try? NDEFEncoder().encode(NDEFMessage(vector.record)) else { return }
        let owned = ownedVerdict(try NDEFDecoder().decode(bytes).records[0])
        try NDEFDecoder().forEachRecord(in: bytes) { view in
            #expect(viewVerdict(view) == owned)
            #expect(rtdResult { () throws(RTDError) in try NDEFRecordContent(view) } == owned)
        }
    }
}

/// A nested message of the given records, encoded.
private func nested(_ records: NDEFRecord...) -> [UInt8] {
    try! NDEFEncoder().encode(NDEFMessage(records: records))
}

/// What `body` returned or the `RTDError` it threw.
func rtdResult<T>(_ body: () throws(RTDError) -> T) -> Result<T, RTDError> {
    do throws(RTDError) {
        return .success(try body())
    } catch {
        return .failure(error)
    }
}
