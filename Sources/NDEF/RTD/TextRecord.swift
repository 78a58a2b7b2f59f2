/// A Text record (well-known type "T"): text with its IANA language code.
public struct TextRecord: Sendable, Hashable {
    /// How the text is encoded; decoding keeps what the payload used so re-encoding gives back
    /// its bytes.
    public enum Encoding: String, Sendable, Hashable, CaseIterable {
        /// UTF-8 (status bit 7 clear).
        case utf8
        /// UTF-16 without a byte-order mark, big-endian as the Text RTD prescribes.
        case utf16BigEndian
        /// UTF-16 big-endian after the byte-order mark FE FF.
        case utf16BigEndianWithBOM
        /// UTF-16 little-endian after the byte-order mark FF FE.
        case utf16LittleEndianWithBOM

        /// Whether the status byte's UTF-16 bit (bit 7) is set.
        public var isUTF16: Bool { self != .utf8 }
    }

    /// The longest language code the status byte's six length bits can announce.
    public static let maximumLanguageLength = 63

    /// The text.
    public var text: String
    /// The language code, e.g. `en-US` (RFC 5646).
    public var language: String
    /// How the text is (or will be) encoded.
    public var encoding: Encoding

    /// Creates a Text record; UTF-8 unless asked otherwise.
    public init(text: String, language: String, encoding: Encoding = .utf8) {
        self.text = text
        self.language = language
        self.encoding = encoding
    }

    /// Decodes a Text record payload.
    /// - Throws: `RTDError` for a missing status byte, the reserved bit, an empty or
    ///   overlong language code, or text that is not valid UTF-8 / UTF-16.
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        self.init(try TextRecordView(payload: payload))
    }

    /// Decodes a well-known "T" record.
    public init(_ record: NDEFRecord) throws(RTDError) {
        self = try record.decodeFields(as: .wellKnown, wellKnown: "T") {
            (_, payload) throws(RTDError) in try TextRecord(payload: payload)
        }
    }

    /// The encoded payload: status byte, language code, text.
    /// - Throws: `RTDError` when the language code is empty, not ASCII or longer than 63 bytes.
    public func payload() throws(RTDError) -> [UInt8] {
        let code = Array(language.utf8)
        if code.isEmpty { throw .fieldEmpty(field: .language, offset: 1) }
        if code.count > Self.maximumLanguageLength {
            throw .fieldTooLong(
                field: .language, length: code.count, maximum: Self.maximumLanguageLength)
        }
        if let index = code.firstIndex(where: { $0 <= 0x20 || $0 > 0x7E }) {
            throw .notASCII(field: .language, offset: 1 + index, byte: code[index])
        }
        let status = UInt8(code.count) | (encoding.isUTF16 ? 0x80 : 0)
        if encoding == .utf8 { return PayloadText.bytes([status] + code, text[...].utf8) }
        return [status] + code + UTF16Text.encode(text, encoding)
    }

    /// The record: well-known type "T" carrying `payload()`.
    public func record() throws(RTDError) -> NDEFRecord {
        NDEFRecord(typeNameFormat: .wellKnown, type: [0x54], payload: try payload())
    }
}
