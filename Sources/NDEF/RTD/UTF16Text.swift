/// UTF-16 text as the Text RTD carries it: an optional byte-order mark, big-endian without one.
enum UTF16Text {
    /// Checks UTF-16 text and finds its layout; `base` is where `bytes` start in the payload,
    /// for errors.
    /// - Returns: the layout and the code units' bytes, byte-order mark skipped.
    static func check(_ bytes: UnsafeRawBufferPointer, base: Int) throws(RTDError) -> (
        TextRecord.Encoding, UnsafeRawBufferPointer
    ) {
        if bytes.count % 2 != 0 {
            throw .truncatedUTF16(field: .text, offset: base, length: bytes.count)
        }
        var encoding = TextRecord.Encoding.utf16BigEndian
        if bytes.count >= 2 {
            switch (bytes[0], bytes[1]) {
            case (0xFE, 0xFF): encoding = .utf16BigEndianWithBOM
            case (0xFF, 0xFE): encoding = .utf16LittleEndianWithBOM
            default: break
            }
        }
        let skip = encoding == .utf16BigEndian ? 0 : 2
        let units = UTF16Units(
            bytes: UnsafeRawBufferPointer(rebasing: bytes[skip...]),
            littleEndian: encoding == .utf16LittleEndianWithBOM)
        var index = 0
        while index < units.count {
            let unit = units[index]
            let offset = base + skip + 2 * index
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < units.count, 0xDC00...0xDFFF ~= units[index + 1] else {
                    throw .invalidUTF16(field: .text, offset: offset, codeUnit: unit)
                }
                index += 2
            case 0xDC00...0xDFFF:
                throw .invalidUTF16(field: .text, offset: offset, codeUnit: unit)
            default:
                index += 1
            }
        }
        return (encoding, units.bytes)
    }

    /// The string of code units already checked by `check`.
    static func string(_ units: UnsafeRawBufferPointer, littleEndian: Bool) -> String {
        String(decoding: UTF16Units(bytes: units, littleEndian: littleEndian), as: UTF16.self)
    }

    /// Encodes text as UTF-16 in the given layout (`encoding` must be a UTF-16 one).
    static func encode(_ text: String, _ encoding: TextRecord.Encoding) -> [UInt8] {
        let units = Array(text.utf16)
        let bom: [UInt8] =
            switch encoding {
            case .utf8, .utf16BigEndian: []
            case .utf16BigEndianWithBOM: [0xFE, 0xFF]
            case .utf16LittleEndianWithBOM: [0xFF, 0xFE]
            }
        let littleEndian = encoding == .utf16LittleEndianWithBOM
        let total = bom.count + 2 * units.count
        return [UInt8](filling: total) { buffer, count in
            for (index, byte) in bom.enumerated() { buffer[index] = byte }
            for (index, unit) in units.enumerated() {
                let high = UInt8(unit >> 8)
                let low = UInt8(truncatingIfNeeded: unit)
                buffer[bom.count + 2 * index] = littleEndian ? low : high
                buffer[bom.count + 2 * index + 1] = littleEndian ? high : low
            }
            count = total
        }
    }
}
