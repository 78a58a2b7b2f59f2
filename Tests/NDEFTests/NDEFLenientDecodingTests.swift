import NFCRigTestSupport
import Testing

@testable import NDEF

@Suite struct NDEFLenientDecodingTests {
    @Test func lenientModeKeepsTheRecordsAndListsEveryViolation() {
        // No MB on the first record, MB again on the second, one trailing byte.
        let input = bytes("11 01 01 55 00  D1 01 01 55 01  00")
        let result = NDEFDecoder().decodeLeniently(input)
        #expect(result.message.records.count == 2)
        #expect(
            result.violations == [
                .messageBeginMissing(record: 0, offset: 0),
                .messageBeginRepeated(record: 1, offset: 5),
                .trailingBytes(record: 1, offset: 10, count: 1),
            ])
    }

    @Test func aStructuralErrorStopsDecodingButKeepsEarlierRecords() {
        let input = bytes("91 01 01 55 00  51 05")
        let result = NDEFDecoder().decodeLeniently(input)
        #expect(result.message.records.map(\.payload) == [[0x00]])
        #expect(
            result.violations == [.truncatedHeader(record: 1, offset: 5, needed: 3, available: 2)])
    }

    @Test func anUnterminatedChunkStillYieldsTheBytesItCarried() {
        let result = NDEFDecoder().decodeLeniently(bytes("B2 01 02 61 41 42"))
        #expect(result.message.records.first?.payload == Array("AB".utf8))
        #expect(result.violations == [.unterminatedChunk(record: 0, offset: 6)])
    }

    @Test func aValidMessageHasNoViolations() {
        let result = NDEFDecoder().decodeLeniently(bytes("D1 01 01 55 00"))
        #expect(result.violations.isEmpty)
        #expect(result.message.records.count == 1)
    }

    @Test func aReservedRecordIsKeptAndFlaggedInLenientMode() {
        let result = NDEFDecoder().decodeLeniently(bytes("D7 00 00"))
        #expect(result.message.records.first?.typeNameFormat == .reserved)
        #expect(result.violations == [.reservedTypeNameFormat(record: 0, offset: 0)])
    }
}
