import ISODEP
import NFCRigTestSupport
import SeededRandom
import Testing

/// Seeded random and mutated byte strings to every decoder: nothing may crash, failures are
/// typed (the decoders throw nothing else), and what decodes encodes back to the same bytes.
@Suite struct ISODEPFuzzTests {
    static let seed: UInt64 = 0x1443_0004

    static let realBlocks: [[UInt8]] = [
        "02 00a4040007d2760000850101", "03 9000", "12 00d6000034", "a2", "a3", "b2", "f2 01",
        "c2", "fa 01 0a", "1f 4e 21 cc",
    ].map(bytes)

    static let realATS: [[UInt8]] = [
        "05 78 80 70 02", "06 75 77 81 02 80", "01", "0b 78 33 b1 02 4a 43 4f 50 34 31",
    ].map(bytes)

    @Test("30 000 random and mutated frames decode as blocks or fail with a typed error")
    func fuzzesBlocks() {
        var random = SplitMix64(seed: Self.seed)
        var decoded = 0
        for _ in 0..<30_000 {
            let frame = Self.hostile(from: Self.realBlocks, &random)
            do {
                let block = try ISODEPBlock(bytes: frame)
                decoded += 1
                #expect(block.encode() == frame)
            } catch {
                _ = error as ISODEPBlockError
            }
        }
        #expect(decoded > 1_000)
    }

    @Test("30 000 random and mutated strings decode as ATS or RATS or fail with a typed error")
    func fuzzesActivation() {
        var random = SplitMix64(seed: Self.seed ^ 0xA75)
        var decoded = 0
        for _ in 0..<30_000 {
            let bytes = Self.hostile(from: Self.realATS, &random)
            if let ats = try? ATS(bytes: bytes) {
                decoded += 1
                #expect(ats.encode() == bytes)
            }
            if let rats = try? RATS(bytes: bytes) {
                #expect(rats.encode() == bytes)
            }
        }
        #expect(decoded > 100)
    }

    /// Random bytes half the time; otherwise a real frame with bytes flipped, cut or added.
    static func hostile(from corpus: [[UInt8]], _ random: inout SplitMix64) -> [UInt8] {
        if Bool.random(using: &random) { return random.byteString(maximum: 24) }
        var frame = corpus.randomElement(using: &random)!
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !frame.isEmpty:
            let index = Int.random(in: 0..<frame.count, using: &random)
            frame[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1:
            frame = Array(frame.prefix(Int.random(in: 0...frame.count, using: &random)))
        case 2:
            frame += random.byteString(maximum: 4)
        default:
            if !frame.isEmpty { frame[0] = UInt8.random(in: 0...255, using: &random) }
        }
        return frame
    }
}
