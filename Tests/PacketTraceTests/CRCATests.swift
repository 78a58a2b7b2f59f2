import NFCRigTestSupport
import PacketTrace
import Testing

@Suite struct CRCATests {
    @Test func theChecksumsOfKnownFramesAreTheOnesOnTheAir() {
        // ISO/IEC 14443-3 annex B: CRC_A of 00 00 is A0 1E.
        #expect(CRCA.checksum(bytes("00 00")) == bytes("A0 1E"))
        // RATS and HLTA as every reader sends them.
        #expect(CRCA.checksum(bytes("E0 80")) == bytes("31 73"))
        #expect(CRCA.checksum(bytes("50 00")) == bytes("57 CD"))
        // nfcpy's Type 2 READ vector: 16 bytes 00..0F arrive with CRC 77 F5.
        #expect(CRCA.checksum(Array(0..<16)) == bytes("77 F5"))
    }

    @Test func appendingThenStrippingGivesTheFrameBackAndAWrongChecksumGivesNothing() {
        #expect(CRCA.appending(to: bytes("E0 80")) == bytes("E0 80 31 73"))
        #expect(CRCA.stripping(CRCA.appending(to: bytes("30 04"))) == bytes("30 04"))
        #expect(CRCA.stripping(bytes("30 04 00 00")) == nil)
        #expect(CRCA.stripping(bytes("30")) == nil)
    }
}
