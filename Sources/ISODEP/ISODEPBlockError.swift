/// Why bytes are not an ISO/IEC 14443-4 block. Offsets count from the PCB (offset 0); a
/// frame is always whole here, so a short one is malformed, not incomplete.
public enum ISODEPBlockError: Error, Sendable, Hashable {
    /// No bytes at all: not even a PCB.
    case empty
    /// PCB bits b8–b7 are 01, which no block type uses.
    case unknownBlockType(pcb: UInt8)
    /// Bits the block type fixes differ: `pcb & mask` must be `expected`.
    case reservedPCBBits(pcb: UInt8, mask: UInt8, expected: UInt8)
    /// An S-block other than DESELECT (b6–b5 00) and WTX (11): PARAMETERS or RFU.
    case unsupportedSBlock(pcb: UInt8)
    /// The frame ended at `offset`, where `field` ("CID", "NAD", "WTXM") was due.
    case truncated(pcb: UInt8, field: String, offset: Int)
    /// The CID byte at `offset` sets RFU bits 6–5 or names CID 15.
    case reservedCID(byte: UInt8, offset: Int)
    /// The WTXM at `offset` is outside 1–59.
    case waitingTimeExtensionOutOfRange(multiplier: UInt8, offset: Int)
    /// `count` bytes from `offset` on follow the last field an R- or S-block may have.
    case trailingBytes(pcb: UInt8, offset: Int, count: Int)
}
