/// xorshift64* with a fixed seed: fuzz inputs are the same on every run, so a failure
/// reproduces.
struct Xorshift: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x1443_4A4B : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// Between 0 and `maximum` random bytes, short strings more often than long ones.
    mutating func byteString(maximum: Int) -> [UInt8] {
        let length = Int.random(in: 0...Int.random(in: 0...maximum, using: &self), using: &self)
        return (0..<length).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}
