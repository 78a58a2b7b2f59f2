import HexText
import NFCRigTestSupport
import SeededRandom
import Testing

@testable import NDEF

/// Seeded property tests: both typed layers agree on every record of realistic and random
/// messages, and on realistic records with a broken payload byte. A failure names its seed
/// and case; expectations are recorded only on failure, as in `NDEFPropertyTests`.
@Suite struct TypedViewPropertyTests {
    static let seed: UInt64 = 0x2533_0002

    @Test func everyRecordOfRealisticMessagesDecodesAlikeOnBothLayers() throws {
        var messages = RealisticMessages(generator: SplitMix64(seed: Self.seed))
        for index in 0..<TestBudget.cases(3000) {
            try Self.checkAgreement(messages.next(), label: "realistic case \(index)")
        }
    }

    @Test func everyRecordOfRandomMessagesDecodesAlikeOnBothLayers() throws {
        var random = RandomMessages(seed: Self.seed &+ 1)
        for index in 0..<TestBudget.cases(5000) {
            let sample = random.encodedMessage()
            try Self.checkAgreement(sample.bytes, label: "random case \(index)")
        }
    }

    @Test func realisticRecordsWithABrokenPayloadByteFailAlikeOnBothLayers() throws {
        var messages = RealisticMessages(generator: SplitMix64(seed: Self.seed &+ 2))
        var random = SplitMix64(seed: Self.seed &+ 3)
        var rejected = 0
        var checked = 0
        for index in 0..<TestBudget.cases(1500) {
            for var record in try NDEFDecoder().decode(messages.next()).records
            where !record.payload.isEmpty {
                let position = Int.random(in: 0..<record.payload.count, using: &random)
                record.payload[position] = UInt8.random(in: 0...255, using: &random)
                if Bool.random(using: &random) {
                    record.payload.removeLast(Int.random(in: 0...2, using: &random))
                }
                let owned = ownedVerdict(record)
                if viewVerdict(record) != owned {
                    Issue.record(
                        "layers disagree: mutated case \(index): \(Hex.encode(record.payload))")
                }
                if case .failure = owned { rejected += 1 }
                checked += 1
            }
        }
        #expect(rejected > checked / 10, "enough mutations break a rule: \(rejected)/\(checked)")
    }

    /// Every record of a valid message through both layers and both in-place entry points.
    static func checkAgreement(_ bytes: [UInt8], label: String) throws {
        let records = try NDEFDecoder().decode(bytes).records
        try NDEFDecoder().forEachRecord(in: bytes) { view in
            let owned = ownedVerdict(records[view.index])
            if viewVerdict(view) != owned {
                Issue.record("view layer disagrees: \(label), record \(view.index)")
            }
            let inPlace = rtdResult { () throws(RTDError) in try NDEFRecordContent(view) }
            if inPlace != owned {
                Issue.record("in-place owned decode disagrees: \(label), record \(view.index)")
            }
        }
    }
}
