/// A Text record payload located and checked in place, without copying: the fields point into
/// the buffer the payload was read from and are valid only while it is alive and unchanged
/// (like `NDEFRecordView`).
public struct TextRecordView {
    /// How the text is encoded.
    public let encoding: TextRecord.Encoding
    /// The language code: 1–63 bytes of printable US-ASCII.
    public let language: UnsafeRawBufferPointer
    /// The text's bytes in `encoding`, byte-order mark skipped; well-formed.
    public let text: UnsafeRawBufferPointer

    /// Locates and checks a Text record payload.
    /// - Throws: `RTDError` for a missing status byte, the reserved bit, an empty or
    ///   overlong language code, or text that is not valid UTF-8 / UTF-16.
    public init(payload: UnsafeRawBufferPointer) throws(RTDError) {
        guard let status = payload.first else { throw .fieldEmpty(field: .status, offset: 0) }
        if status & 0x40 != 0 { throw .reservedBitSet(field: .status, offset: 0, byte: status) }
        let languageLength = Int(status & 0x3F)
        if languageLength == 0 { throw .fieldEmpty(field: .language, offset: 1) }
        guard languageLength < payload.count else {
            throw .lengthExceedsPayload(
                field: .language, offset: 0, declared: languageLength,
                available: payload.count - 1)
        }
        let textStart = 1 + languageLength
        language = UnsafeRawBufferPointer(rebasing: payload[1..<textStart])
        for (index, byte) in language.enumerated() where byte <= 0x20 || byte > 0x7E {
            throw .notASCII(field: .language, offset: 1 + index, byte: byte)
        }
        let textBytes = UnsafeRawBufferPointer(rebasing: payload[textStart...])
        if status & 0x80 == 0 {
            try PayloadText.check(
                textBytes, field: .text, base: textStart, rejectingControls: false)
            (encoding, text) = (.utf8, textBytes)
        } else {
            (encoding, text) = try UTF16Text.check(textBytes, base: textStart)
        }
    }
}

extension TextRecord {
    /// Builds the owned record from a checked view, so decoding spells text in one place.
    public init(_ view: TextRecordView) {
        language = PayloadText.string(view.language, isASCII: true)
        encoding = view.encoding
        text =
            switch view.encoding {
            case .utf8: PayloadText.string(view.text)
            case .utf16BigEndian, .utf16BigEndianWithBOM, .utf16LittleEndianWithBOM:
                UTF16Text.string(
                    view.text, littleEndian: view.encoding == .utf16LittleEndianWithBOM)
            }
    }
}
