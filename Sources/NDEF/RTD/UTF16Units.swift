/// UTF-16 code units read straight from payload bytes, so that checking and decoding Text
/// need no array of units.
struct UTF16Units: RandomAccessCollection {
    /// The code units' bytes (an even number).
    let bytes: UnsafeRawBufferPointer
    /// Whether the low byte of each unit comes first.
    let littleEndian: Bool

    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count / 2 }

    subscript(index: Int) -> UInt16 {
        let first = UInt16(bytes[2 * index])
        let second = UInt16(bytes[2 * index + 1])
        return littleEndian ? second << 8 | first : first << 8 | second
    }
}
