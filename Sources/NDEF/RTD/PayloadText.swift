/// Checks and builds strings straight from payload bytes. Every typed decode runs through
/// here, so ASCII runs are checked eight bytes at a time and strings are built with one copy.
enum PayloadText {
    /// What a scan found wrong, at an offset relative to the scanned bytes.
    enum Failure: Equatable {
        case invalidUTF8(offset: Int, byte: UInt8)
        case control(offset: Int, byte: UInt8)
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The first ill-formed UTF-8 sequence (Unicode Table 3-7) or, when `rejectingControls`,
    /// the first C0 control or DEL; `nil` when the bytes are clean.
    static func firstFailure(
        in bytes: UnsafeRawBufferPointer, rejectingControls: Bool
    ) -> Failure? {
        let count = bytes.count
        var index = 0
        while true {
            index = skipASCIIWords(bytes, from: index, printable: rejectingControls)
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte < 0x80 {
                if rejectingControls && (byte < 0x20 || byte == 0x7F) {
                    return .control(offset: index, byte: byte)
                }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return .invalidUTF8(offset: index, byte: byte) }
            index += length
        }
    }

    /// The first index from `index` on where a byte may be other than ASCII (other than
    /// printable ASCII when `printable`), found eight bytes at a time; the caller looks at
    /// the bytes from there one by one.
    @inline(__always)
    private static func skipASCIIWords(
        _ bytes: UnsafeRawBufferPointer, from index: Int, printable: Bool
    ) -> Int {
        var index = index
        while bytes.count - index >= 8 {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & highBits != 0 || (printable && hasControl(word)) { break }
            index += 8
        }
        return index
    }

    /// Whether two buffers hold the same bytes, compared eight at a time.
    @inline(__always)
    static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var index = 0
        while lhs.count - index >= 8 {
            if lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        while index < lhs.count {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether any byte of an all-ASCII word is below 0x20 or equal to 0x7F (SWAR: a borrow
    /// into a byte's high bit marks it; exact for "any", which is all the caller asks).
    @inline(__always)
    private static func hasControl(_ word: UInt64) -> Bool {
        let below20 = (word &- 0x2020_2020_2020_2020) & ~word & highBits
        let flipped = word ^ 0x7F7F_7F7F_7F7F_7F7F
        let isDelete = (flipped &- 0x0101_0101_0101_0101) & ~flipped & highBits
        return below20 | isDelete != 0
    }

    /// The length of the well-formed multi-byte sequence at `index`, 0 when it is not one.
    @inline(__always)
    private static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        @inline(__always)
        func continues(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            index + offset < bytes.count && low...high ~= bytes[index + offset]
        }
        switch bytes[index] {
        case 0xC2...0xDF:
            return continues(1) ? 2 : 0
        case 0xE0:
            return continues(1, 0xA0) && continues(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continues(1) && continues(2) ? 3 : 0
        case 0xED:
            return continues(1, 0x80, 0x9F) && continues(2) ? 3 : 0
        case 0xF0:
            return continues(1, 0x90) && continues(2) && continues(3) ? 4 : 0
        case 0xF1...0xF3:
            return continues(1) && continues(2) && continues(3) ? 4 : 0
        case 0xF4:
            return continues(1, 0x80, 0x8F) && continues(2) && continues(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Decodes UTF-8 bytes into a string, or throws naming `field` and the payload offset
    /// (`base` is where `bytes` start in the payload).
    static func utf8String(
        _ bytes: UnsafeRawBufferPointer, field: RTDField, base: Int,
        rejectingControls: Bool = false
    ) throws(RTDError) -> String {
        try check(bytes, field: field, base: base, rejectingControls: rejectingControls)
        return string(bytes)
    }

    /// Throws for the first ill-formed sequence (or control character, when rejected).
    static func check(
        _ bytes: UnsafeRawBufferPointer, field: RTDField, base: Int, rejectingControls: Bool
    ) throws(RTDError) {
        switch firstFailure(in: bytes, rejectingControls: rejectingControls) {
        case nil: return
        case .invalidUTF8(let offset, let byte):
            throw .invalidUTF8(field: field, offset: base + offset, byte: byte)
        case .control(let offset, let byte):
            throw .controlCharacter(field: field, offset: base + offset, byte: byte)
        }
    }

    /// A string from bytes already known to be valid UTF-8.
    @inline(__always)
    static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        string(prefix: UnsafeRawBufferPointer(start: nil, count: 0), rest: bytes)
    }

    /// A string of `prefix` followed by `rest`, both known to be valid UTF-8, built in place.
    static func string(prefix: UnsafeRawBufferPointer, rest: UnsafeRawBufferPointer) -> String {
        let total = prefix.count + rest.count
        if total == 0 { return "" }
        return String(unsafeUninitializedCapacity: total) { buffer in
            let target = UnsafeMutableRawBufferPointer(buffer)
            if !prefix.isEmpty { target.copyMemory(from: prefix) }
            if !rest.isEmpty {
                UnsafeMutableRawBufferPointer(rebasing: target[prefix.count...])
                    .copyMemory(from: rest)
            }
            return total
        }
    }

    /// A record type as a string: types are printable US-ASCII by the NDEF rules, which the
    /// message decoder enforces but a record built in code may not have followed.
    static func asciiType(_ type: UnsafeRawBufferPointer, field: RTDField) throws(RTDError)
        -> String
    {
        if type.isEmpty { throw .fieldEmpty(field: field, offset: 0) }
        var index = skipASCIIWords(type, from: 0, printable: true)
        while index < type.count {
            let byte = type[index]
            if byte < 0x20 || byte > 0x7E {
                throw .notASCII(field: field, offset: index, byte: byte)
            }
            index += 1
        }
        return string(type)
    }

    /// `head` followed by a string's UTF-8, built in one allocation: how encoders lay out a
    /// status or prefix byte before text.
    static func bytes(_ head: [UInt8], _ text: Substring.UTF8View) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: head.count + text.count) { buffer, count in
            for (index, byte) in head.enumerated() { buffer[index] = byte }
            count = head.count
            for byte in text {
                buffer[count] = byte
                count += 1
            }
        }
    }
}
