import NDEF
import Rig
import Testing

@testable import Conformance

/// What a DUT's read must show: the tag's bytes for a case about reading, the records its
/// application decoded for a case about decoded content, never a pass from nfcrig decoding
/// the DUT's bytes.
@Suite struct ReadJudgementTests {
    static let json = MIMERecord(mediaType: "application/json", payload: Array(#"{"a":1}"#.utf8))
        .record
    static let chunked = (try? NDEFEncoder(chunkSize: 3).encode(NDEFMessage(records: [json]))) ?? []
    /// The chunks as records of their own, as ndeflib gives them.
    static let pieces =
        (try? NDEFDecoder().wireRecords(in: chunked))?.map { wire in
            NDEFRecord(
                typeNameFormat: wire.header.typeNameFormat, type: Array(chunked[wire.typeRange]),
                payload: Array(chunked[wire.payloadRange]))
        } ?? []

    func read(ndef: [UInt8]?, records: [NDEFRecord]?) -> DUTRead {
        DUTRead(status: .readWrite, capacity: 2046, ndef: ndef, records: records)
    }

    @Test func theFixtureIsChunked() {
        #expect(Self.pieces.count == 3)
        #expect(Self.pieces.dropFirst().allSatisfy { $0.typeNameFormat == .unchanged })
    }

    @Test func theTagsBytesPassACaseAboutReading() {
        let outcome = ReadJudgement.judge(
            read(ndef: Self.chunked, records: nil), stored: Self.chunked, .message)
        #expect(outcome == .pass)
    }

    @Test func bytesThatAreNotTheTagsFailAndSayWhere() {
        var other = Self.chunked
        other[5] ^= 0xFF
        let outcome = ReadJudgement.judge(
            read(ndef: other, records: nil), stored: Self.chunked, .message)
        #expect(outcome.verdict == .fail)
        #expect(outcome.message.contains("first different at offset 5"), "\(outcome.message)")
    }

    @Test func theRightBytesAloneSkipACaseAboutDecodedContent() {
        let outcome = ReadJudgement.judge(
            read(ndef: Self.chunked, records: nil), stored: Self.chunked, .records)
        #expect(outcome.verdict == .skip)
        #expect(outcome.message.contains("\"records\""))
    }

    @Test func wrongBytesAloneFailACaseAboutDecodedContent() {
        let outcome = ReadJudgement.judge(
            read(ndef: Array(Self.chunked.dropLast()), records: nil), stored: Self.chunked,
            .records)
        #expect(outcome.verdict == .fail)
    }

    @Test func reassembledRecordsPassAndChunksAsRecordsFail() {
        let reassembled = ReadJudgement.judge(
            read(ndef: Self.chunked, records: [Self.json]), stored: Self.chunked, .records)
        #expect(reassembled == .pass)
        let pieces = ReadJudgement.judge(
            read(ndef: Self.chunked, records: Self.pieces), stored: Self.chunked, .records)
        #expect(pieces.verdict == .fail)
        #expect(
            pieces.message.contains("3 records: media \"application/json\" 3 bytes, unchanged"),
            "\(pieces.message)")
    }

    @Test func recordsWithTheWrongPayloadFail() {
        var wrong = Self.json
        wrong.payload = Array(#"{"a":2}"#.utf8)
        let outcome = ReadJudgement.judge(
            read(ndef: nil, records: [wrong]), stored: Self.chunked, .records)
        #expect(outcome.verdict == .fail)
    }

    @Test func noMessageAtAllFails() {
        let outcome = ReadJudgement.judge(
            read(ndef: nil, records: nil), stored: [0xD0, 0, 0], .message)
        #expect(outcome.verdict == .fail)
        #expect(outcome.message.contains("returned no message"))
    }
}
