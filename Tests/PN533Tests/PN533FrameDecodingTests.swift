import NFCRigTestSupport
import PN533
import Testing

/// One transfer from the chip and what decoding it must give.
typealias DecodingCase = TableCase<String, Result<PN533Frame, PN533FrameError>>

@Suite struct PN533FrameDecodingTests {
    static let wellFormed: [DecodingCase] = [
        .init(name: "ACK", input: "0000ff00ff00", expected: .success(.ack)),
        .init(name: "NACK", input: "0000ffff0000", expected: .success(.nack)),
        .init(name: "error frame", input: "0000ff01ff7f8100", expected: .success(.error)),
        .init(
            name: "InListPassiveTarget response with one type 2 tag",
            input: "0000ff0ff1d54b0101004400070416c6c2d738816100",
            expected: .success(
                .response(to: .inListPassiveTarget, bytes("0101004400070416c6c2d73881")))),
        .init(
            name: "TgInitAsTarget response with a RATS",
            input: "0000ff05fbd58d00e0803e00",
            expected: .success(.response(to: .tgInitAsTarget, bytes("00e080")))),
        .init(
            name: "a frame without its preamble",
            input: "00ff03fdd507012300",
            expected: .success(.response(to: .readRegister, [0x01]))),
        .init(
            name: "a host command frame",
            input: "0000ff04fcd40601022300",
            expected: .success(.command(.readRegister, bytes("0102")))),
    ]

    /// Broken frames, each naming the offending byte (offsets from the preamble).
    static let malformed: [DecodingCase] = [
        .init(
            name: "bad LCS (nfcpy's standard length check error)",
            input: "0000ff04fbd5013435368b00",
            expected: .failure(.badLengthChecksum(offset: 4, length: 4, checksum: 0xFB))),
        .init(
            name: "bad extended LCS",
            input: "0000ffffff0104fad50000",
            expected: .failure(.badLengthChecksum(offset: 7, length: 0x104, checksum: 0xFA))),
        .init(
            name: "bad DCS (nfcpy's data check error)",
            input: "0000ff05fbd5013435368a00",
            expected: .failure(.badDataChecksum(offset: 10, checksum: 0x8A, expected: 0x8B))),
        .init(
            name: "bad postamble",
            input: "0000ff05fbd5013435368b55",
            expected: .failure(.badPostamble(offset: 11, byte: 0x55))),
        .init(
            name: "ACK with a bad postamble",
            input: "0000ff00ff01",
            expected: .failure(.badPostamble(offset: 5, byte: 0x01))),
        .init(
            name: "bad TFI (nfcpy's frame id error)",
            input: "0000ff05fbd6013435368a00",
            expected: .failure(.badFrameIdentifier(offset: 5, tfi: 0xD6))),
        .init(
            name: "the error frame's TFI with a longer body",
            input: "0000ff02fe7f0081 00",
            expected: .failure(.badFrameIdentifier(offset: 5, tfi: 0x7F))),
        .init(
            name: "LEN 1 with a response TFI and no code",
            input: "0000ff01ffd52b00",
            expected: .failure(.lengthTooShort(offset: 3, length: 1))),
        .init(
            name: "LEN 0 with a matching LCS",
            input: "0000ff0000",
            expected: .failure(.lengthTooShort(offset: 3, length: 0))),
        .init(
            name: "LEN longer than the transfer (nfcpy's length value error)",
            input: "0000ff05fbd50134358b00",
            expected: .failure(.lengthMismatch(offset: 3, length: 5, available: 6))),
        .init(
            name: "transfer ending inside the header",
            input: "0000ff05",
            expected: .failure(.truncatedHeader(offset: 4))),
        .init(
            name: "no start code at all (nfcpy's invalid start of frame)",
            input: "00000005fbd5013435368b00",
            expected: .failure(.garbage(skipped: bytes("00000005fbd5013435368b")))),
        .init(
            name: "bytes after the frame",
            input: "0000ff00ff00 1234",
            expected: .failure(.garbage(skipped: bytes("1234")))),
    ]

    @Test(
        "each transfer decodes to its frame, or fails naming the offending byte",
        arguments: wellFormed + malformed)
    func decodesTransfers(_ testCase: DecodingCase) {
        #expect(
            Result { () throws(PN533FrameError) in
                try PN533Frame.decode(transfer: bytes(testCase.input))
            } == testCase.expected)
    }

    @Test("an extended frame one byte short reports the length mismatch at LENhi")
    func reportsExtendedLengthMismatch() throws {
        var transfer = try PN533Frame.response(to: .diagnose, [UInt8](repeating: 0, count: 259))
            .encode()
        transfer.removeLast()
        #expect(throws: PN533FrameError.lengthMismatch(offset: 5, length: 261, available: 262)) {
            try PN533Frame.decode(transfer: transfer)
        }
    }
}
