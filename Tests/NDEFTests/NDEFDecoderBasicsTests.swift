import Testing

@testable import NDEF

@Suite struct NDEFDecoderBasicsTests {
    @Test func aShortURIRecordDecodesToOneWellKnownRecord() throws {
        let bytes: [UInt8] = [0xD1, 0x01, 0x04, 0x55, 0x04, 0x61, 0x2E, 0x62]
        let message = try NDEFDecoder().decode(bytes)
        #expect(message.records.count == 1)
        #expect(message.records[0].typeNameFormat == .wellKnown)
        #expect(message.records[0].type == [0x55])
        #expect(message.records[0].payload == [0x04, 0x61, 0x2E, 0x62])
        #expect(try NDEFEncoder().encode(message) == bytes)
    }
}
