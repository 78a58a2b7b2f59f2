/// Test vectors are written as hex with optional spaces; a typo in one is a test bug, so it
/// traps.
func bytes(_ hex: String) -> [UInt8] {
    let digits = hex.filter { !$0.isWhitespace }
    precondition(digits.count.isMultiple(of: 2), "odd hex digit count in \(hex)")
    var result: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
        let next = digits.index(index, offsetBy: 2)
        guard let byte = UInt8(digits[index..<next], radix: 16) else {
            preconditionFailure("bad hex in test vector: \(hex)")
        }
        result.append(byte)
        index = next
    }
    return result
}
