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
