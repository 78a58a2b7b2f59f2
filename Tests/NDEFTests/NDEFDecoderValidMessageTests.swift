import NFCRigTestSupport
import Testing

@testable import NDEF

@Suite struct NDEFDecoderValidMessageTests {
    @Test func shortAndNormalRecordsMayBeMixedInOneMessage() throws {
        let input = bytes("91 01 01 55 00  41 01 00 00 00 01 55 00")
        let message = try NDEFDecoder().decode(input)
        #expect(message.records.count == 2)
        #expect(message.records.map(\.payload) == [[0x00], [0x00]])
        #expect(message.records[0].layout?.chunks.first?.shortRecord == true)
        #expect(message.records[1].layout?.chunks.first?.shortRecord == false)
        #expect(try NDEFEncoder().encode(message) == input)
    }

    @Test func chunksAreReassembledIntoOneRecordWithTheInitialChunksTypeAndID() throws {
        // Initial chunk: media type "a", ID "i", payload "AB"; middle "CD"; terminating "E".
        let input = bytes("BA 01 02 01 61 69 41 42  36 00 02 43 44  56 00 01 45")
        let message = try NDEFDecoder().decode(input)
        #expect(message.records.count == 1)
        let record = message.records[0]
        #expect(record.typeNameFormat == .media)
        #expect(record.typeName == "a")
        #expect(record.identifier == Array("i".utf8))
        #expect(record.payload == Array("ABCDE".utf8))
        #expect(record.chunkCount == 3)
        #expect(try NDEFEncoder().encode(message) == input)
    }

    @Test func aChunkedRecordBetweenTwoPlainRecordsKeepsItsPlace() throws {
        let input = bytes("91 01 01 55 00  32 01 01 61 41  16 00 01 42  51 01 01 55 01")
        let message = try NDEFDecoder().decode(input)
        #expect(message.records.map(\.typeName) == ["U", "a", "U"])
        #expect(message.records[1].payload == Array("AB".utf8))
    }

    @Test func theEmptyRecordIsAValidMessageOnItsOwn() throws {
        let message = try NDEFDecoder().decode(bytes("D0 00 00"))
        #expect(message == .notFromTag)
        #expect(message.isNotFromTagShape)
    }

    @Test func anUnknownRecordCarriesAPayloadWithoutAType() throws {
        let message = try NDEFDecoder().decode(bytes("D5 00 02 01 02"))
        #expect(message.records[0].typeNameFormat == .unknown)
        #expect(message.records[0].payload == [1, 2])
    }

    @Test func anILFlagWithAnEmptyIDSurvivesReencoding() throws {
        let input = bytes("D9 01 00 00 55")
        let message = try NDEFDecoder().decode(input)
        #expect(message.records[0].identifier.isEmpty)
        #expect(message.records[0].layout?.identifierLengthPresent == true)
        #expect(try NDEFEncoder().encode(message) == input)
    }

    @Test func aLongPayloadUsesTheFourByteLength() throws {
        let payload = [UInt8](repeating: 0x41, count: 300)
        let input = bytes("C2 01 00 00 01 2C 61") + payload
        let message = try NDEFDecoder().decode(input)
        #expect(message.records[0].payload == payload)
    }

    @Test func validateCountsLogicalRecordsWithoutBuildingThem() throws {
        let input = bytes("91 01 01 55 00  32 01 01 61 41  16 00 01 42  51 01 01 55 01")
        #expect(try NDEFDecoder().validate(input) == 3)
    }

    @Test func wireRecordsShowChunksSeparatelyWithTheirRanges() throws {
        let input = bytes("B2 01 01 61 41  56 00 01 42")
        let wire = try NDEFDecoder().wireRecords(in: input)
        #expect(wire.count == 2)
        #expect(wire[0].typeRange == 3..<4)
        #expect(wire[0].payloadRange == 4..<5)
        #expect(wire[1].header.typeNameFormat == .unchanged)
        #expect(wire[1].offset == 5)
        #expect(wire[1].payloadRange == 8..<9)
    }

    @Test func decodingWorksOverAnySliceOfContiguousBytes() throws {
        let padded = bytes("FF D1 01 01 55 00 FF")
        let message = try NDEFDecoder().decode(padded[1..<6])
        #expect(message.records.count == 1)
    }
}
