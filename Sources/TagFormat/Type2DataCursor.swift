/// Steps through the data area one byte address at a time, jumping over the lock and
/// reserved bytes declared so far; the parser and the image builder share it so that what
/// one lays out the other reads back.
struct Type2DataCursor {
    /// The address after the data area.
    let end: Int
    /// Addresses to jump over, indexed by address below `end`.
    private var skipped: [Bool]
    /// The next address to consider.
    private(set) var address = Type2Tag.dataAreaOffset

    init(dataAreaSize: Int) {
        end = Type2Tag.dataAreaOffset + dataAreaSize
        skipped = Array(repeating: false, count: end)
    }

    /// Declares an area; only its part inside the data area matters.
    mutating func skip(_ range: Range<Int>) {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, end)
        guard lower < upper else { return }
        for address in lower..<upper { skipped[address] = true }
    }

    /// Whether `address` lies in a declared area.
    func isSkipped(_ address: Int) -> Bool { address < end && skipped[address] }

    /// The next usable address, or nil at the end of the data area.
    mutating func next() -> Int? {
        while address < end, skipped[address] { address += 1 }
        guard address < end else { return nil }
        defer { address += 1 }
        return address
    }

    /// The next address once the data area is over, counting on past its end: for a walk
    /// that takes a TLV's value from beyond the data area (`Type2Leniency.pastDataArea`).
    mutating func nextPastEnd() -> Int {
        address = max(address, end)
        defer { address += 1 }
        return address
    }

    /// Moves back to `address`, to count the room from a TLV already walked past.
    mutating func rewind(to address: Int) { self.address = address }

    /// How many usable addresses remain.
    func remaining() -> Int {
        guard address < end else { return 0 }
        return (address..<end).reduce(0) { count, address in
            skipped[address] ? count : count + 1
        }
    }
}

/// The largest NDEF message an NDEF TLV holds when `available` usable bytes remain for it:
/// tag, a 1-byte length up to 254 bytes, a 3-byte length (FF + 2) from 255 bytes.
func type2NDEFCapacity(available: Int) -> Int {
    if available >= 1 + 3 + 0xFF { return min(available - 4, Type2Tag.maximumTLVLength) }
    return max(0, min(available - 2, 0xFE))
}
