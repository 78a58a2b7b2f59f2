extension [UInt8] {
    /// Bytes from hex digits with optional spaces; a malformed vector is a bug in the test.
    init(hex: String) {
        var result: [UInt8] = []
        var high: UInt8?
        for character in hex where !character.isWhitespace {
            guard let digit = character.hexDigitValue else {
                preconditionFailure("not a hex digit: \(character) in \(hex)")
            }
            if let pending = high {
                result.append(pending << 4 | UInt8(digit))
                high = nil
            } else {
                high = UInt8(digit)
            }
        }
        precondition(high == nil, "odd number of hex digits in \(hex)")
        self = result
    }
}
