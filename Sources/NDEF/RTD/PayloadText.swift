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
        var index = 0
        while let suspect = firstSuspect(in: bytes, from: index, printable: rejectingControls) {
            let byte = bytes[suspect]
            // Only controls are suspect among ASCII bytes, and only when they are rejected.
            if byte < 0x80 { return .control(offset: suspect, byte: byte) }
            let length = sequenceLength(bytes, at: suspect)
            if length == 0 { return .invalidUTF8(offset: suspect, byte: byte) }
            index = suspect + length
        }
        return nil
    }

    /// The first index from `index` on of a byte other than ASCII (other than printable ASCII
    /// when `printable`); `nil` when there is none. Nearly every URI and most text is plain
    /// ASCII, so bytes are looked at eight at a time and a suspect one is found by its bit in
    /// a mask rather than by stepping through the word.
    @inline(__always)
    private static func firstSuspect(
        in bytes: UnsafeRawBufferPointer, from index: Int, printable: Bool
    ) -> Int? {
        let count = bytes.count
        var index = index
        while count &- index >= 8 {
            let mask = suspects(
                bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self), printable)
            if mask != 0 { return index &+ mask.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        guard index < count else { return nil }
        // The last bytes as one word: the word that ends the buffer, whose bytes before
        // `index` were looked at already (or belong to a sequence), or the whole buffer padded
        // with spaces when it is shorter than a word.
        let start = max(count - 8, 0)
        var word: UInt64 = 0x2020_2020_2020_2020
        if count >= 8 {
            word = bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)
        } else {
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: bytes) }
        }
        let mask = suspects(word, printable) & (~0 << ((index &- start) << 3))
        return mask == 0 ? nil : start &+ mask.trailingZeroBitCount >> 3
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

    /// The high bit of each byte of a word (read in memory order) that is not ASCII or, when
    /// `printable`, is below 0x20 or equal to 0x7F. SWAR: a borrow into a byte's high bit marks
    /// it, which can also mark bytes above a marked one but never below, so the lowest mark is
    /// exact, and that is all the callers use.
    @inline(__always)
    private static func suspects(_ word: UInt64, _ printable: Bool) -> UInt64 {
        let word = UInt64(littleEndian: word)
        guard printable else { return word & highBits }
        let below20 = (word &- 0x2020_2020_2020_2020) & ~word
        let flipped = word ^ 0x7F7F_7F7F_7F7F_7F7F
        let isDelete = (flipped &- 0x0101_0101_0101_0101) & ~flipped
        return (word | below20 | isDelete) & highBits
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

    /// A string from bytes already checked to be valid UTF-8 (and, when `isASCII`, ASCII).
    ///
    /// The check this type makes is the one that counts, so the standard library is told not
    /// to make it again where it can be (Swift 6.2 runtimes): its second scan cost as much as
    /// building the string. The bytes must not have changed since they were checked.
    static func string(_ bytes: UnsafeRawBufferPointer, isASCII: Bool = false) -> String {
        if bytes.isEmpty { return "" }
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            let span = bytes.assumingMemoryBound(to: UInt8.self).span
            return String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: isASCII))
        }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            return bytes.count
        }
    }

    /// A string of `prefix` followed by `rest`, both checked to be valid UTF-8, joined on the
    /// stack so that the string is built with one allocation.
    static func string(prefix: UnsafeRawBufferPointer, rest: UnsafeRawBufferPointer) -> String {
        if prefix.isEmpty { return string(rest) }
        let total = prefix.count + rest.count
        return withUnsafeTemporaryAllocation(byteCount: total, alignment: 1) { joined in
            joined.copyMemory(from: prefix)
            if !rest.isEmpty {
                UnsafeMutableRawBufferPointer(rebasing: joined[prefix.count...]).copyMemory(
                    from: rest)
            }
            return string(UnsafeRawBufferPointer(joined))
        }
    }

    /// Throws unless a record type is non-empty printable US-ASCII: the NDEF rules ask that of
    /// types, which the message decoder enforces but a record built in code may not have
    /// followed.
    static func checkASCIIType(_ type: UnsafeRawBufferPointer, field: RTDField) throws(RTDError) {
        if type.isEmpty { throw .fieldEmpty(field: field, offset: 0) }
        if let index = firstSuspect(in: type, from: 0, printable: true) {
            throw .notASCII(field: field, offset: index, byte: type[index])
        }
    }

    /// `head` followed by a string's UTF-8, built in one allocation: how encoders lay out a
    /// status or prefix byte before text.
    static func bytes(_ head: [UInt8], _ text: Substring.UTF8View) -> [UInt8] {
        [UInt8](filling: head.count + text.count) { buffer, count in
            for (index, byte) in head.enumerated() { buffer[index] = byte }
            count = head.count
            for byte in text {
                buffer[count] = byte
                count += 1
            }
        }
    }
}
