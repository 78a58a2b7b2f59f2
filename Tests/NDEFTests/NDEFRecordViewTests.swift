import NFCRigTestSupport
import Testing

@testable import NDEF

@Suite struct NDEFRecordViewTests {
    @Test func viewsSeeTheSameRecordsAsOwnedDecoding() throws {
        let input = bytes("91 01 01 55 00  32 01 01 61 41  16 00 01 42  51 01 01 55 01")
        var seen: [NDEFRecord] = []
        var chunkCounts: [Int] = []
        try NDEFDecoder().forEachRecord(in: input) { view in
            seen.append(view.record())
            chunkCounts.append(view.chunkCount)
        }
        #expect(seen == (try NDEFDecoder().decode(input)).records)
        #expect(chunkCounts == [1, 2, 1])
    }

    @Test func anUnchunkedViewPointsIntoTheInputInsteadOfCopying() throws {
        let input = bytes("D1 01 02 55 00 61")
        try input.withUnsafeBytes { raw in
            try NDEFDecoder().forEachRecord(in: raw) { view in
                #expect(view.payload.baseAddress == raw.baseAddress! + 4)
                #expect(view.isWellKnown("U"))
            }
        }
    }

    @Test func viewsStopAtTheFirstViolation() {
        var visited = 0
        #expect(throws: NDEFError.messageBeginRepeated(record: 1, offset: 5)) {
            try NDEFDecoder().forEachRecord(in: bytes("91 01 01 55 00 D1 01 01 55 00")) { _ in
                visited += 1
            }
        }
        #expect(visited == 1)
    }
}
