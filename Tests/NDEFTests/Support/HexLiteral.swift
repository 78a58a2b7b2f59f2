import HexText
import NDEF

/// Test vectors are written as hex; a typo in one is a test bug, so it traps.
func bytes(_ hex: String) -> [UInt8] {
    do { return try Hex.decode(hex) } catch { fatalError("bad hex in test vector: \(error)") }
}
