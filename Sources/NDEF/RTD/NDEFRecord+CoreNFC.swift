// CoreNFC's NFCNDEFPayload helpers, with Strings where CoreNFC takes URL and Locale, so that
// code written against CoreNFC reads the same here and nothing depends on Foundation's URL.
extension NDEFRecord {
    /// A URI record for a URL: nil unless `url` has a scheme and no spaces or control
    /// characters (CoreNFC's `wellKnownTypeURIPayload(url:)`).
    public static func wellKnownTypeURIPayload(url: String) -> NDEFRecord? {
        guard URIScheme.length(in: url.utf8) != nil, !url.utf8.contains(0x20) else { return nil }
        return wellKnownTypeURIPayload(string: url)
    }

    /// A URI record for any URI string: nil when it is empty or holds control characters
    /// (CoreNFC's `wellKnownTypeURIPayload(string:)`).
    public static func wellKnownTypeURIPayload(string: String) -> NDEFRecord? {
        guard !string.isEmpty,
            !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
        else { return nil }
        return URIRecord(uri: string).record
    }

    /// A UTF-8 Text record: nil when the locale is not a usable language code (empty, not
    /// ASCII, longer than 63 bytes). `en_US` is written as `en-US`, the RFC 5646 form.
    public static func wellKnownTypeTextPayload(string: String, locale: String) -> NDEFRecord? {
        let language = String(locale.map { $0 == "_" ? "-" : $0 })
        return try? TextRecord(text: string, language: language).record()
    }

    /// The URI of a valid URI record; nil for any other record.
    public func wellKnownTypeURIPayload() -> String? {
        try? URIRecord(self).uri
    }

    /// The text and language of a valid Text record; both nil for any other record.
    public func wellKnownTypeTextPayload() -> (text: String?, locale: String?) {
        guard let text = try? TextRecord(self) else { return (nil, nil) }
        return (text.text, text.language)
    }
}
