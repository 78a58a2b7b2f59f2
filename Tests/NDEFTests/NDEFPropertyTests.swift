import HexText
import NFCRigTestSupport
import SeededRandom
import Testing

@testable import NDEF

/// Seeded property tests: a failure names its seed and case number, so it can be replayed.
@Suite struct NDEFPropertyTests {
    static let seed: UInt64 = 0x2533_0001

    @Test func randomValidMessagesRoundTripThroughEncodeAndDecode() throws {
        var random = RandomMessages(seed: Self.seed)
        var reused = NDEFMessage(records: [])
        for index in 0..<TestBudget.cases(20_000) {
            let sample = random.encodedMessage()
            let decoded = try NDEFDecoder().decode(sample.bytes)
            if decoded.records != sample.message.records {
                Issue.record(
                    "decode ∘ encode changed the records: case \(index): \(Hex.encode(sample.bytes))"
                )
            }
            // encode ∘ decode is the identity on the bytes of a valid message.
            if try NDEFEncoder().encode(decoded) != sample.bytes {
                Issue.record(
                    "encode ∘ decode changed the bytes: case \(index): \(Hex.encode(sample.bytes))")
            }
            if !NDEFDecoder().decodeLeniently(sample.bytes).violations.isEmpty {
                Issue.record(
                    "lenient mode found violations in a valid message: case \(index): \(Hex.encode(sample.bytes))"
                )
            }
            try NDEFDecoder().decode(sample.bytes, into: &reused)
            if reused.records != decoded.records {
                Issue.record(
                    "decode(into:) disagrees with decode: case \(index): \(Hex.encode(sample.bytes))"
                )
            }
            var viewed: [NDEFRecord] = []
            try NDEFDecoder().forEachRecord(in: sample.bytes) { viewed.append($0.record()) }
            if viewed != decoded.records {
                Issue.record(
                    "record views disagree with decode: case \(index): \(Hex.encode(sample.bytes))")
            }
        }
    }

    @Test func randomBytesNeverCrashAndBothModesAgree() {
        var random = SplitMix64(seed: Self.seed &+ 1)
        var rules: Set<String> = []
        for index in 0..<50_000 {
            let length = Int.random(in: 0...48, using: &random)
            var input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Bias the first byte towards a plausible header so decoding goes past byte 0.
            if !input.isEmpty && index % 2 == 0 { input[0] = input[0] & 0x3F | 0xC0 }
            if let rule = Self.checkAgreement(input, label: "random case \(index)") {
                rules.insert(rule)
            }
        }
        #expect(rules.count >= 10, "random bytes reach most rules: \(rules.sorted())")
    }

    @Test func mutatedMessagesNeverCrashAndBothModesAgree() throws {
        var random = RandomMessages(seed: Self.seed &+ 2)
        var rejected = 0
        let cases = TestBudget.cases(50_000)
        for index in 0..<cases {
            let valid = random.encodedMessage(maxRecords: 4).bytes
            let (input, mutation) = random.mutate(valid)
            if Self.checkAgreement(input, label: "mutated case \(index) (\(mutation))") != nil {
                rejected += 1
            }
        }
        #expect(rejected > cases / 2, "most mutations break a rule")
    }

    /// Strict and lenient decoding must agree: strict fails exactly when lenient finds a
    /// violation, with the same first error; an accepted message re-encodes to its bytes.
    /// Expectations are recorded only on failure: a hundred thousand passing `#expect`s
    /// would cost more than the decoding under test.
    /// - Returns: the rule that rejected the input, `nil` when it was accepted.
    static func checkAgreement(_ input: [UInt8], label: String) -> String? {
        let lenient = NDEFDecoder().decodeLeniently(input)
        do {
            let message = try NDEFDecoder().decode(input)
            if !lenient.violations.isEmpty || lenient.message != message {
                Issue.record(
                    "lenient disagrees with strict acceptance: \(label): \(Hex.encode(input))")
            }
            if (try? NDEFEncoder().encode(message)) != input {
                Issue.record("re-encoding changed the bytes: \(label): \(Hex.encode(input))")
            }
            return nil
        } catch {
            if lenient.violations.first != error {
                Issue.record(
                    "lenient's first violation is not \(error): \(label): \(Hex.encode(input))")
            }
            if error.offset > input.count {
                Issue.record(
                    "offset \(error.offset) outside the input: \(label): \(Hex.encode(input))")
            }
            return error.rule
        }
    }
}
