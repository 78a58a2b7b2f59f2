/// Tag messages shaped like the ones readers meet in the field: URIs, Text, JSON media,
/// Smart Posters and external records, 1–8 records and 30–900 bytes per message.
///
/// The NDEF property tests and `nfcrig bench ndef` draw their corpora from it; it lives
/// here, beside the records it builds, so that NDEF's tests need nothing above NDEF. It
/// takes any generator (a seeded one gives the same messages on every machine).
public struct RealisticMessages<Generator: RandomNumberGenerator> {
    private var random: Generator

    /// Creates a source of messages drawing from `generator`.
    public init(generator: Generator) { random = generator }

    /// The next encoded message.
    public mutating func next() -> [UInt8] {
        while true {
            let count = Int.random(in: 1...8, using: &random)
            var records: [NDEFRecord] = []
            for _ in 0..<count { records.append(nextRecord()) }
            // These records are built to the rules, so encoding cannot fail.
            guard let encoded = try? NDEFEncoder().encode(NDEFMessage(records: records)) else {
                continue
            }
            if (30...900).contains(encoded.count) { return encoded }
        }
    }

    private mutating func word() -> String { Vocabulary.words.randomElement(using: &random)! }

    private mutating func words(_ range: ClosedRange<Int>) -> String {
        (0..<Int.random(in: range, using: &random)).map { _ in word() }.joined(separator: " ")
    }

    private mutating func nextRecord() -> NDEFRecord {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: uriRecord()
        case 3..<5: textRecord()
        case 5..<7: jsonRecord()
        case 7..<9: smartPoster()
        default: externalRecord()
        }
    }

    private mutating func uriRecord() -> NDEFRecord {
        let host = Vocabulary.hosts.randomElement(using: &random)!
        let path = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            String(Int.random(in: 1...99_999, using: &random))
        }
        let rest =
            host + "/" + path.joined(separator: "/")
            + "?id=\(Int.random(in: 0...9999, using: &random))"
        let prefix: UInt8 = [0x01, 0x02, 0x03, 0x04].randomElement(using: &random)!
        return NDEFRecord(
            typeNameFormat: .wellKnown, typeName: "U", payload: [prefix] + Array(rest.utf8))
    }

    private mutating func textRecord(language: String? = nil) -> NDEFRecord {
        let language = language ?? Vocabulary.languages.randomElement(using: &random)!
        let text = words(1...20)
        return NDEFRecord(
            typeNameFormat: .wellKnown, typeName: "T",
            payload: [UInt8(language.utf8.count)] + Array(language.utf8) + Array(text.utf8))
    }

    private mutating func jsonRecord() -> NDEFRecord {
        let json =
            "{\"id\":\"\(Int.random(in: 1000...999_999, using: &random))\",\"favorite\":\"\(word())\""
            + ",\"note\":\"\(words(0...12))\"}"
        return NDEFRecord(
            typeNameFormat: .media, typeName: "application/json", payload: Array(json.utf8))
    }

    private mutating func smartPoster() -> NDEFRecord {
        var nested = [uriRecord(), textRecord(language: "en")]
        if Bool.random(using: &random) { nested.append(textRecord(language: "fr")) }
        nested.append(
            NDEFRecord(
                typeNameFormat: .wellKnown, typeName: "act",
                payload: [UInt8.random(in: 0...2, using: &random)]))
        let payload = (try? NDEFEncoder().encode(NDEFMessage(records: nested))) ?? []
        return NDEFRecord(typeNameFormat: .wellKnown, typeName: "Sp", payload: payload)
    }

    private mutating func externalRecord() -> NDEFRecord {
        let payload = (0..<Int.random(in: 8...64, using: &random)).map { _ in
            UInt8.random(in: 0...255, using: &random)
        }
        return NDEFRecord(
            typeNameFormat: .external, typeName: "example.com:badge", payload: payload)
    }
}

/// What the messages are made of (a generic type cannot hold static stored properties).
private enum Vocabulary {
    static let hosts = ["example.com", "shop.example.org", "nfc.example.net", "a.co"]
    static let words = [
        "coffee", "espresso", "ticket", "gate", "museum", "poster", "badge", "room", "café",
        "crème", "übersicht", "tag", "reader", "open", "menu", "order", "table", "seat",
    ]
    static let languages = ["en", "en-US", "fr", "de", "ja"]
}
