extension Type4Tag {
    /// `53 len data`: how a READ BINARY B1 answer (and an UPDATE BINARY D7's data) wraps
    /// file bytes.
    public static func discretionaryDataObject(_ data: [UInt8]) -> [UInt8] {
        [discretionaryDataObjectTag] + berLength(data.count) + data
    }

    /// How many file bytes a `53` data object of at most `length` bytes (a READ BINARY B1's
    /// Le, which counts the object's tag and length too) carries: 0 when none fit.
    public static func discretionaryDataCapacity(_ length: Int) -> Int {
        var count = length - 2
        while count > 0, 1 + berLength(count).count + count > length { count -= 1 }
        return max(0, count)
    }

    /// The bytes inside a `53` data object that fills `field` exactly; `at` is the field's
    /// offset in the APDU, for the error.
    public static func discretionaryData(in field: some Collection<UInt8>, at offset: Int)
        throws(Type4CommandError) -> [UInt8]
    {
        let bytes = Array(field)
        guard bytes.count >= 2, bytes[0] == discretionaryDataObjectTag else {
            throw .wrongData(offset: offset)
        }
        let (length, header): (Int, Int)
        switch bytes[1] {
        case ..<0x80: (length, header) = (Int(bytes[1]), 2)
        case 0x81 where bytes.count >= 3: (length, header) = (Int(bytes[2]), 3)
        case 0x82 where bytes.count >= 4: (length, header) = (bigEndian(bytes, at: 2, count: 2), 4)
        default: throw .wrongData(offset: offset + 1)
        }
        guard header + length == bytes.count else { throw .wrongData(offset: offset + 1) }
        return Array(bytes[header...])
    }
}
