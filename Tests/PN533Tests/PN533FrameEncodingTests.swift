import NFCRigTestSupport
import PN533
import Testing

/// A frame and the exact bytes it must encode to (frames taken from real PN533 exchanges).
typealias EncodingCase = TableCase<PN533Frame, String>

@Suite struct PN533FrameEncodingTests {
    static let cases: [EncodingCase] = [
        .init(name: "ACK", input: .ack, expected: "0000ff00ff00"),
        .init(name: "NACK", input: .nack, expected: "0000ffff0000"),
        .init(name: "error frame", input: .error, expected: "0000ff01ff7f8100"),
        .init(
            name: "GetFirmwareVersion command", input: .command(.getFirmwareVersion),
            expected: "0000ff02fed4022a00"),
        .init(
            name: "GetFirmwareVersion response of a PN533",
            input: .response(to: .getFirmwareVersion, bytes("33020707")),
            expected: "0000ff06fad50333020707e500"),
        .init(
            name: "Diagnose command with three data bytes",
            input: .command(.diagnose, bytes("313233")), expected: "0000ff05fbd4003132339600"),
        .init(
            name: "InListPassiveTarget for one type A target",
            input: .command(.inListPassiveTarget, bytes("0100")), expected: "0000ff04fcd44a0100e100"
        ),
        .init(
            name: "empty RFConfiguration response", input: .response(to: .rfConfiguration),
            expected: "0000ff02fed533f800"),
    ]

    @Test("each frame kind encodes to the bytes a real chip exchanges", arguments: cases)
    func encodesKnownFrames(_ testCase: EncodingCase) throws {
        #expect(try testCase.input.encode() == bytes(testCase.expected))
    }

    @Test("an extended frame carries LEN in two bytes with its own checksum")
    func encodesExtendedFrame() throws {
        // nfcpy's extended-frame test: Diagnose with 31 32 33 and 256 zero bytes, LEN 0105.
        let data = bytes("313233") + Array(repeating: 0, count: 256)
        let encoded = try PN533Frame.command(.diagnose, data).encode()
        #expect(Array(encoded.prefix(10)) == bytes("0000ffffff0105fad400"))
        #expect(Array(encoded.suffix(2)) == bytes("9600"))
        #expect(encoded.count == 271)
    }

    @Test(
        "LEN up to 255 makes a normal frame, 256 an extended one",
        arguments: [(254, false), (255, false), (256, true)])
    func choosesFrameFormatAtTheBoundary(length: Int, extended: Bool) throws {
        let data = (0..<(length - 2)).map { UInt8(truncatingIfNeeded: $0) }
        let encoded = try PN533Frame.command(.diagnose, data).encode()
        if extended {
            #expect(Array(encoded.prefix(8)) == [0, 0, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0xFF])
            #expect(encoded.count == length + 10)
        } else {
            #expect(Array(encoded.prefix(5)) == [0, 0, 0xFF, UInt8(length), UInt8(256 - length)])
            #expect(encoded.count == length + 7)
        }
        #expect(try PN533Frame.decode(transfer: encoded) == .command(.diagnose, data))
    }

    @Test("a body longer than an extended LEN can say is refused")
    func refusesOversizedBody() {
        let data = [UInt8](repeating: 0, count: 0xFFFF - 1)
        #expect(throws: PN533FrameError.bodyTooLong(length: 0x10000)) {
            try PN533Frame.command(.diagnose, data).encode()
        }
    }

    @Test("the largest extended frame round-trips")
    func encodesLargestFrame() throws {
        let frame = PN533Frame.command(.diagnose, [UInt8](repeating: 0xA5, count: 0xFFFF - 2))
        #expect(try PN533Frame.decode(transfer: try frame.encode()) == frame)
    }
}
