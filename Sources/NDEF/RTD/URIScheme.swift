/// The scheme of a URI, read as RFC 3986 §3.1 defines it:
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` followed by ":".
enum URIScheme {
    /// The number of bytes of the scheme (without the colon); `nil` when there is none.
    static func length<Bytes: Collection<UInt8>>(in uri: Bytes) -> Int? {
        var count = 0
        for byte in uri {
            if byte == 0x3A { return count > 0 ? count : nil }
            let letter = ASCIICase.lower(byte) &- 0x61 < 26
            let other = byte &- 0x30 < 10 || byte == 0x2B || byte == 0x2D || byte == 0x2E
            guard letter || (other && count > 0) else { return nil }
            count += 1
        }
        return nil
    }
}
