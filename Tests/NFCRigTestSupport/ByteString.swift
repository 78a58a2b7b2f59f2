import SeededRandom

extension SplitMix64 {
    /// Between 0 and `maximum` random bytes, short strings more often than long ones: fuzz
    /// input for decoders, which find most of their edge cases in the first few bytes.
    public mutating func byteString(maximum: Int) -> [UInt8] {
        let length = Int.random(in: 0...Int.random(in: 0...maximum, using: &self), using: &self)
        return bytes(length)
    }
}
