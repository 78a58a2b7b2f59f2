import HexText

/// Bytes written as hex in a test: `bytes("00 A4 04 00")`. Whitespace, `:` or `-` may
/// separate them. A typo in a test vector is a bug in the test, so it traps, naming the
/// character and its position.
public func bytes(_ hex: String) -> [UInt8] {
    do {
        return try Hex.decode(hex)
    } catch {
        preconditionFailure("bad hex in test vector \(hex): \(error)")
    }
}
