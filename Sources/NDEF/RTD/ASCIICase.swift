/// ASCII-only case folding, for the type comparisons the NDEF and RTD rules make
/// case-insensitive (media types, external types, URI schemes): Unicode folding would be
/// both wrong for them and slow.
enum ASCIICase {
    /// The byte with A–Z mapped to a–z.
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether two byte sequences are equal ignoring ASCII case.
    static func equal<A: Collection<UInt8>, B: Collection<UInt8>>(_ lhs: A, _ rhs: B) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { lower($0) == lower($1) }
    }

    /// Whether `bytes` starts with `prefix` (given in lower case), ignoring ASCII case.
    static func hasPrefix<A: Collection<UInt8>>(_ bytes: A, _ prefix: StaticString) -> Bool {
        let folded = prefix.utf8Buffer
        return bytes.count >= folded.count
            && zip(bytes, folded).allSatisfy { lower($0) == $1 }
    }

    /// The string with A–Z mapped to a–z.
    static func lowercased(_ text: Substring) -> String {
        String(decoding: text.utf8.map(lower), as: UTF8.self)
    }
}
