import Testing

@testable import Conformance

/// The `t2t-layout` judgements on the blocks a DUT's READs asked for: each passes on the
/// reads a good reader makes and fails, naming the blocks, on those a broken one makes.
@Suite struct Type2ReadObservationTests {
    @Test func aReadPastTheDataAreaFailsButTheLockBytesBlockIsAllowed() {
        let good = RFObservations.type2ReadsWithinDataArea(
            reads: [0, 4, 8, 36, 40], dataEnd: 160, allowed: [40])
        #expect(good == .pass)
        let past = RFObservations.type2ReadsWithinDataArea(
            reads: [0, 4, 36, 40, 44], dataEnd: 160, allowed: [40])
        #expect(past.verdict == .fail)
        #expect(past.message.hasPrefix("the DUT read block 44, past the data area (blocks 4–39)"))
    }

    @Test func anAreaCountsAsReadWhenARead16BytesCoveredItsFirstByte() {
        let lockBytes = 904..<918
        #expect(RFObservations.type2AreaRead(reads: [0, 223], lockBytes, what: "x") == .pass)
        #expect(RFObservations.type2AreaRead(reads: [226], lockBytes, what: "x") == .pass)
        let missed = RFObservations.type2AreaRead(
            reads: [0, 4, 222, 227], lockBytes, what: "the dynamic lock bytes")
        #expect(missed.verdict == .fail)
        #expect(
            missed.message
                == "the DUT never read the dynamic lock bytes (block 226); its READs asked for "
                + "blocks 0, 4, 222, 227")
    }
}
