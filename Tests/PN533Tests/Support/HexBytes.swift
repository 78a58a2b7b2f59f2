/// Test vectors are hex with optional spaces; a typo in one is a test bug, so it traps.
func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace })
    precondition(digits.count.isMultiple(of: 2), "odd hex digit count in \(hex)")
    return stride(from: 0, to: digits.count, by: 2).map {
        UInt8(String(digits[$0...$0 + 1]), radix: 16)!
    }
}
