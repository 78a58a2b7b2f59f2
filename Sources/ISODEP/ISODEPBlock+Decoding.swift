extension ISODEPBlock {
    /// Reads a whole block (no CRC_A), rejecting every bit ISO/IEC 14443-4 reserves.
    ///
    /// - Throws: `ISODEPBlockError` naming the PCB and, for fields, the offset.
    public init(bytes: some Collection<UInt8>) throws(ISODEPBlockError) {
        let bytes = Array(bytes)
        guard let pcb = bytes.first else { throw .empty }
        var offset = 1
        var cid: ISODEPCID?
        func readCID() throws(ISODEPBlockError) {
            guard pcb & 0x08 != 0 else { return }
            guard offset < bytes.count else {
                throw .truncated(pcb: pcb, field: "CID", offset: offset)
            }
            cid = try ISODEPCID(byte: bytes[offset], offset: offset)
            offset += 1
        }
        func requireEnd() throws(ISODEPBlockError) {
            guard offset == bytes.count else {
                throw .trailingBytes(pcb: pcb, offset: offset, count: bytes.count - offset)
            }
        }
        switch pcb >> 6 {
        case 0b00:
            try Self.require(pcb, mask: 0x22, expected: 0x02)
            try readCID()
            var nad: UInt8?
            if pcb & 0x04 != 0 {
                guard offset < bytes.count else {
                    throw .truncated(pcb: pcb, field: "NAD", offset: offset)
                }
                nad = bytes[offset]
                offset += 1
            }
            self = .information(
                blockNumber: pcb & 1, chaining: pcb & 0x10 != 0, cid: cid, nad: nad,
                inf: Array(bytes[offset...]))
        case 0b10:
            try Self.require(pcb, mask: 0x26, expected: 0x22)
            try readCID()
            try requireEnd()
            self = .receiveReady(pcb & 0x10 == 0 ? .ack : .nak, blockNumber: pcb & 1, cid: cid)
        case 0b11:
            try Self.require(pcb, mask: 0x07, expected: 0x02)
            switch pcb & 0x30 {
            case 0x00:
                try readCID()
                try requireEnd()
                self = .supervisory(.deselect, cid: cid)
            case 0x30:
                try readCID()
                guard offset < bytes.count else {
                    throw .truncated(pcb: pcb, field: "WTXM", offset: offset)
                }
                let inf = bytes[offset]
                let multiplier = inf & 0x3F
                guard ISODEPTiming.waitingTimeExtensionRange.contains(multiplier) else {
                    throw .waitingTimeExtensionOutOfRange(multiplier: multiplier, offset: offset)
                }
                offset += 1
                try requireEnd()
                self = .supervisory(
                    .waitingTimeExtension(multiplier: multiplier, powerLevel: inf >> 6), cid: cid)
            default:
                throw .unsupportedSBlock(pcb: pcb)
            }
        default:
            throw .unknownBlockType(pcb: pcb)
        }
    }

    private static func require(
        _ pcb: UInt8, mask: UInt8, expected: UInt8
    ) throws(ISODEPBlockError) {
        guard pcb & mask == expected else {
            throw .reservedPCBBits(pcb: pcb, mask: mask, expected: expected)
        }
    }
}
