/// pcapng fields and usbmon headers in the byte order nfcrig writes them: little-endian,
/// what every machine nfcrig runs on uses (a reader of the file checks the byte-order magic
/// before trusting any of them).
extension Array where Element == UInt8 {
    /// Appends `value`, least significant byte first.
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends zeros up to the next multiple of 4 bytes, pcapng's alignment.
    mutating func padToWord() {
        append(contentsOf: repeatElement(0, count: (4 - count % 4) % 4))
    }

    /// The `Value` stored least significant byte first at `offset`; the caller has checked
    /// that its bytes are there.
    func littleEndian<Value: FixedWidthInteger>(at offset: Int, as _: Value.Type = Value.self)
        -> Value
    {
        var value: Value = 0
        for index in 0..<(Value.bitWidth / 8) {
            value |= Value(truncatingIfNeeded: self[offset + index]) << (index * 8)
        }
        return value
    }
}

extension Int {
    /// `self` rounded up to a multiple of 4.
    var paddedToWord: Int { (self + 3) & ~3 }
}
