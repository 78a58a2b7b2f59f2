/// Hex digits for error messages; `TagFormat` imports no project module, so it cannot use
/// `NDEF.Hex`.
func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

/// Four uppercase hex digits, the way status words and file IDs are written in the standards.
func hexWord(_ word: UInt16) -> String {
    hexByte(UInt8(word >> 8)) + hexByte(UInt8(word & 0xFF))
}

/// Uppercase hex digits without separators.
func hexBytes(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map(hexByte).joined()
}

/// A big-endian unsigned integer from `count` bytes at `index`; the caller checked the bounds.
func bigEndian(_ bytes: [UInt8], at index: Int, count: Int) -> Int {
    var value = 0
    for byte in bytes[index..<index + count] { value = value << 8 | Int(byte) }
    return value
}

/// `value` as `count` big-endian bytes; the caller checked that it fits.
func bigEndianBytes(_ value: Int, count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}
