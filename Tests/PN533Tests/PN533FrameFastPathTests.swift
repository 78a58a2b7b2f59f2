import SeededRandom
import Testing

@testable import PN533

/// The parser's one-pass reading of the usual frame agrees with its general path on every
/// input: whole frames of every kind, mutated ones, and random bytes.
@Suite struct PN533FrameFastPathTests {
    @Test func theFastPathAndTheGeneralPathAgreeOnTwentyThousandInputs() throws {
        var random = SplitMix64(seed: 0x0FA5_7FA7)
        var frames = 0
        for _ in 0..<20_000 {
            let input: [UInt8]
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                input = try Self.randomFrame(&random)
            case 1:
                input = PN533FuzzTests.mutate(try Self.randomFrame(&random), &random)
            default:
                input = PN533FuzzTests.hostileStream(&random)
            }
            // Also from a slice that does not start at index 0, as the decoder hands it.
            let padded = [0xAA] + input
            for slice in [input[...], padded[1...]] {
                let fast = PN533FrameParser.parse(slice)
                #expect(fast == PN533FrameParser.parseInGeneral(slice), "\(input)")
                if case .frame = fast { frames += 1 }
            }
        }
        #expect(frames > 10_000)
    }

    static func randomFrame(_ random: inout SplitMix64) throws -> [UInt8] {
        let data = random.bytes(
            [0, 1, 13, 250, 253, 254, 300].randomElement(using: &random)!)
        let frame: PN533Frame =
            switch Int.random(in: 0..<6, using: &random) {
            case 0: .ack
            case 1: .nack
            case 2: .error
            case 3:
                .information(
                    .chipToHost, code: UInt8.random(in: 0...255, using: &random), data: data)
            default:
                .information(
                    .hostToChip, code: UInt8.random(in: 0...255, using: &random), data: data)
            }
        return try frame.encode()
    }
}
