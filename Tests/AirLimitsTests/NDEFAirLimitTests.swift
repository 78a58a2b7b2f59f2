import AirLimits
import Testing

/// The floors against figures worked out by hand from the frame formats (etu = 128/fc =
/// 9.4395 µs at 106 kbps, 1172/fc = 86.43 µs, 6780/fc = 500 µs).
@Suite struct NDEFAirLimitTests {
    private func microseconds(_ limit: NDEFAirLimit) -> Double { limit.seconds * 1e6 }

    @Test func aType2ReadOf31BytesTakesThreeReadsAnd6923Microseconds() {
        // TLV 2 + 31 bytes = 9 pages after the CC's page 3: 10 pages, 3 READs of
        // 37 + 163 bits; 600 etu = 5663.72 µs, 3 delays 259.29 µs, 2 guard times 1000 µs.
        let limit = NDEFAirLimit(
            tagType: .type2, operation: .read, messageBytes: 31, bitRateKbps: 106)
        #expect(limit.sequence.exchanges.count == 3)
        #expect(abs(microseconds(limit) - 6923.01) < 0.01)
    }

    @Test func aType2WriteOf31BytesReadsTheCCAndWritesTenPages() {
        // One READ (200 bits), 9 pages plus the length again: 10 WRITEs of 73 + 5 bits.
        let limit = NDEFAirLimit(
            tagType: .type2, operation: .write, messageBytes: 31, bitRateKbps: 106)
        #expect(limit.sequence.exchanges.count == 11)
        #expect(abs(microseconds(limit) - 15201.47) < 0.01)
    }

    @Test func aType4ReadOf31BytesTakesSixAPDUsAnd14856Microseconds() {
        // SELECT app (16+5 bytes), SELECT CC (10+5), READ CC (8+20), SELECT file (10+5),
        // READ NLEN (8+7), READ 31 bytes (8+36): 1254 bits, 6 delays, 5 guard times.
        let limit = NDEFAirLimit(
            tagType: .type4, operation: .read, messageBytes: 31, bitRateKbps: 106)
        #expect(limit.sequence.exchanges.count == 6)
        #expect(abs(microseconds(limit) - 14855.75) < 0.01)
    }

    @Test func aType4ReadOf1KiBAt424kbpsReadsFivePiecesOfAtMost251Bytes() {
        // 4 × 251 + 20 bytes: 10667 bits at 32/fc each, 10 delays, 9 guard times.
        let limit = NDEFAirLimit(
            tagType: .type4, operation: .read, messageBytes: 1024, bitRateKbps: 424)
        #expect(limit.sequence.exchanges.count == 10)
        #expect(abs(microseconds(limit) - 30537.17) < 0.01)
    }

    @Test func aHigherBitRateNeverRaisesTheFloor() {
        for tagType in NDEFAirLimit.TagType.allCases {
            for operation in NDEFAirLimit.Operation.allCases {
                for bytes in [0, 1, 128, 1024, 4096, 8192] {
                    let floors = AirFrames.bitRatesKbps.map {
                        NDEFAirLimit(
                            tagType: tagType, operation: operation, messageBytes: bytes,
                            bitRateKbps: $0
                        ).seconds
                    }
                    #expect(floors == floors.sorted(by: >), "\(tagType) \(operation) \(bytes)")
                }
            }
        }
    }

    @Test func aLongerMessageNeverLowersTheFloor() {
        for tagType in NDEFAirLimit.TagType.allCases {
            for operation in NDEFAirLimit.Operation.allCases {
                let floors = (0...1100).map {
                    NDEFAirLimit(
                        tagType: tagType, operation: operation, messageBytes: $0, bitRateKbps: 106
                    ).seconds
                }
                #expect(zip(floors, floors.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }
    }

    @Test func aChainedCommandAPDUPaysAnRACKPerExtraPart() {
        // 600 bytes in parts of 253, 253, 94: two I-blocks of 256 bytes each answered by an
        // R(ACK) of 3, then 97 bytes answered by 5: 3 delays, 2 guard times.
        let limit = APDUAirLimit(commandBytes: 600, responseBytes: 2, bitrateKbps: 106)
        #expect(limit.sequence.exchanges.count == 3)
        #expect(abs(limit.exchangeSecondsWithoutGuardTime * 1e6 - 53988.50) < 0.01)
    }
}
