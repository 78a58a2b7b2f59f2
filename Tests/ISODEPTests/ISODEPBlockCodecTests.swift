import HexText
import ISODEP
import NFCRigTestSupport
import Testing

/// Every block kind from its bytes and back, and every malformed PCB and field with the error
/// that names it.
@Suite struct ISODEPBlockCodecTests {
    static let valid: [(String, ISODEPBlock)] = [
        ("02", .information(blockNumber: 0, inf: [])),
        ("03 00a40400", .information(blockNumber: 1, inf: [0x00, 0xA4, 0x04, 0x00])),
        ("12 01", .information(blockNumber: 0, chaining: true, inf: [0x01])),
        ("13", .information(blockNumber: 1, chaining: true, inf: [])),
        ("0a 05 aa", .information(blockNumber: 0, cid: ISODEPCID(5), inf: [0xAA])),
        ("06 12 bb", .information(blockNumber: 0, nad: 0x12, inf: [0xBB])),
        (
            "1f 4e 21 cc",
            .information(
                blockNumber: 1, chaining: true, cid: ISODEPCID(14, powerLevel: 1), nad: 0x21,
                inf: [0xCC])
        ),
        ("a2", .ack(0)),
        ("a3", .ack(1)),
        ("b2", .nak(0)),
        ("b3", .nak(1)),
        ("ab 07", .ack(1, cid: ISODEPCID(7))),
        ("ba 00", .nak(0, cid: ISODEPCID(0))),
        ("c2", .deselect()),
        ("ca 03", .deselect(cid: ISODEPCID(3))),
        ("f2 01", .wtx(1)),
        ("f2 3b", .wtx(59)),
        ("f2 81", .supervisory(.waitingTimeExtension(multiplier: 1, powerLevel: 2))),
        ("fa 02 0a", .wtx(10, cid: ISODEPCID(2))),
    ]

    @Test("each block kind decodes from its bytes and encodes back to them", arguments: valid)
    func roundTrips(hex: String, block: ISODEPBlock) throws {
        let bytes = bytes(hex)
        #expect(try ISODEPBlock(bytes: bytes) == block)
        #expect(block.encode() == bytes)
        #expect(block.pcb == bytes[0])
    }

    static let malformed: [(String, ISODEPBlockError)] = [
        ("", .empty),
        ("42", .unknownBlockType(pcb: 0x42)),
        ("7f 00", .unknownBlockType(pcb: 0x7F)),
        ("22", .reservedPCBBits(pcb: 0x22, mask: 0x22, expected: 0x02)),
        ("00", .reservedPCBBits(pcb: 0x00, mask: 0x22, expected: 0x02)),
        ("82", .reservedPCBBits(pcb: 0x82, mask: 0x26, expected: 0x22)),
        ("a6", .reservedPCBBits(pcb: 0xA6, mask: 0x26, expected: 0x22)),
        ("a0", .reservedPCBBits(pcb: 0xA0, mask: 0x26, expected: 0x22)),
        ("c3", .reservedPCBBits(pcb: 0xC3, mask: 0x07, expected: 0x02)),
        ("c6", .reservedPCBBits(pcb: 0xC6, mask: 0x07, expected: 0x02)),
        ("c0", .reservedPCBBits(pcb: 0xC0, mask: 0x07, expected: 0x02)),
        ("e2 00", .unsupportedSBlock(pcb: 0xE2)),
        ("d2", .unsupportedSBlock(pcb: 0xD2)),
        ("0a", .truncated(pcb: 0x0A, field: "CID", offset: 1)),
        ("ab", .truncated(pcb: 0xAB, field: "CID", offset: 1)),
        ("06", .truncated(pcb: 0x06, field: "NAD", offset: 1)),
        ("0e 01", .truncated(pcb: 0x0E, field: "NAD", offset: 2)),
        ("f2", .truncated(pcb: 0xF2, field: "WTXM", offset: 1)),
        ("fa 01", .truncated(pcb: 0xFA, field: "WTXM", offset: 2)),
        ("0a 3f", .reservedCID(byte: 0x3F, offset: 1)),
        ("0a 0f 00", .reservedCID(byte: 0x0F, offset: 1)),
        ("ca 20", .reservedCID(byte: 0x20, offset: 1)),
        ("f2 00", .waitingTimeExtensionOutOfRange(multiplier: 0, offset: 1)),
        ("f2 3c", .waitingTimeExtensionOutOfRange(multiplier: 60, offset: 1)),
        ("fa 01 7f", .waitingTimeExtensionOutOfRange(multiplier: 63, offset: 2)),
        ("a2 00", .trailingBytes(pcb: 0xA2, offset: 1, count: 1)),
        ("c2 00 00", .trailingBytes(pcb: 0xC2, offset: 1, count: 2)),
        ("f2 01 02", .trailingBytes(pcb: 0xF2, offset: 2, count: 1)),
    ]

    @Test("a malformed block is an error naming its PCB, field and offset", arguments: malformed)
    func rejects(hex: String, error: ISODEPBlockError) {
        #expect(throws: error) { try ISODEPBlock(bytes: bytes(hex)) }
    }

    @Test(
        "PCB bits follow the block's fields",
        arguments: [
            (ISODEPBlock.information(blockNumber: 1, chaining: true, inf: []), 0x13 as UInt8),
            (.information(blockNumber: 0, cid: ISODEPCID(1), nad: 0, inf: []), 0x0E),
            (.information(blockNumber: 3, inf: []), 0x03),
            (.nak(1, cid: ISODEPCID(9)), 0xBB),
            (.deselect(cid: ISODEPCID(1)), 0xCA),
            (.wtx(2, cid: ISODEPCID(1)), 0xFA),
        ])
    func pcbBits(block: ISODEPBlock, pcb: UInt8) {
        #expect(block.pcb == pcb)
    }

    @Test("every one- and two-byte frame either round-trips exactly or is a typed error")
    func everyShortFrame() {
        var decoded = 0
        for first in 0...255 {
            for frame in [[UInt8(first)]] + (0...255).map({ [UInt8(first), UInt8($0)] }) {
                guard let block = try? ISODEPBlock(bytes: frame) else { continue }
                decoded += 1
                #expect(block.encode() == frame, "\(Hex.encode(frame)) decoded to \(block)")
            }
        }
        #expect(decoded > 2_000)
    }

    @Test("encoding masks fields to their width, so a test can send RFU values")
    func encodesRFUValues() {
        #expect(ISODEPBlock.wtx(0).encode() == [0xF2, 0x00])
        #expect(ISODEPBlock.wtx(60).encode() == [0xF2, 0x3C])
        #expect(ISODEPBlock.wtx(0xFF).encode() == [0xF2, 0x3F])
        #expect(ISODEPBlock.ack(0, cid: ISODEPCID(15)).encode() == [0xAA, 0x0F])
    }

    @Test("blocks describe themselves in ISO notation")
    func describes() {
        #expect(
            ISODEPBlock.information(blockNumber: 1, inf: [0x90, 0x00]).description == "I(1) 9000")
        #expect(
            ISODEPBlock.information(blockNumber: 0, chaining: true, cid: ISODEPCID(2), inf: [])
                .description == "I(0, chaining, CID 2)")
        #expect(ISODEPBlock.ack(1).description == "R(ACK 1)")
        #expect(ISODEPBlock.nak(0).description == "R(NAK 0)")
        #expect(ISODEPBlock.wtx(3).description == "S(WTX 3)")
        #expect(ISODEPBlock.deselect().description == "S(DESELECT)")
    }
}
