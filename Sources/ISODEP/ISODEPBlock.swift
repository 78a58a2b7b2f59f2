/// One ISO/IEC 14443-4 block as it goes on the air, CRC_A left to the chip (§7.1).
///
/// ```
///  PCB  b8 b7 b6 b5 b4 b3 b2 b1
///  I     0  0  0  C  I  N  1  b     C chaining, I CID follows, N NAD follows, b block number
///  R     1  0  1  K  I  0  1  b     K 0 ACK, 1 NAK
///  S     1  1  x  x  I  0  1  0     xx 00 DESELECT, 11 WTX
///  then [CID] [NAD, I-blocks only] [INF: I-block data, or 1 byte WTXM for S(WTX)]
/// ```
public enum ISODEPBlock: Sendable, Hashable {
    /// An I-block: application data, one part of a chain when `chaining` is set.
    case information(
        blockNumber: UInt8, chaining: Bool = false, cid: ISODEPCID? = nil, nad: UInt8? = nil,
        inf: [UInt8])
    /// An R-block: acknowledges a chained I-block (ACK) or asks for a block again (NAK).
    case receiveReady(Acknowledgement, blockNumber: UInt8, cid: ISODEPCID? = nil)
    /// An S-block: DESELECT or a waiting time extension.
    case supervisory(Supervision, cid: ISODEPCID? = nil)

    /// R-block kinds.
    public enum Acknowledgement: Sendable, Hashable {
        /// R(ACK).
        case ack
        /// R(NAK).
        case nak
    }

    /// S-block kinds.
    public enum Supervision: Sendable, Hashable {
        /// S(DESELECT).
        case deselect
        /// S(WTX): a card asks for `multiplier` × FWT (1–59), a reader grants it by echoing it;
        /// a card may also report a power level (0–3).
        case waitingTimeExtension(multiplier: UInt8, powerLevel: UInt8 = 0)
    }

    /// R(ACK) with `blockNumber`.
    public static func ack(_ blockNumber: UInt8, cid: ISODEPCID? = nil) -> Self {
        .receiveReady(.ack, blockNumber: blockNumber, cid: cid)
    }

    /// R(NAK) with `blockNumber`.
    public static func nak(_ blockNumber: UInt8, cid: ISODEPCID? = nil) -> Self {
        .receiveReady(.nak, blockNumber: blockNumber, cid: cid)
    }

    /// S(WTX) with `multiplier`.
    public static func wtx(_ multiplier: UInt8, cid: ISODEPCID? = nil) -> Self {
        .supervisory(.waitingTimeExtension(multiplier: multiplier), cid: cid)
    }

    /// S(DESELECT).
    public static func deselect(cid: ISODEPCID? = nil) -> Self {
        .supervisory(.deselect, cid: cid)
    }

    /// The block number of an I- or R-block; `nil` for S-blocks.
    public var blockNumber: UInt8? {
        switch self {
        case .information(let number, _, _, _, _), .receiveReady(_, let number, _): number & 1
        case .supervisory: nil
        }
    }

    /// The CID the block carries, if any.
    public var cid: ISODEPCID? {
        switch self {
        case .information(_, _, let cid, _, _), .receiveReady(_, _, let cid),
            .supervisory(_, let cid):
            cid
        }
    }

    /// The protocol control byte.
    public var pcb: UInt8 {
        let cidBit: UInt8 = cid == nil ? 0 : 0x08
        switch self {
        case .information(let number, let chaining, _, let nad, _):
            return 0x02 | (chaining ? 0x10 : 0) | cidBit | (nad == nil ? 0 : 0x04) | (number & 1)
        case .receiveReady(let kind, let number, _):
            return 0xA2 | (kind == .nak ? 0x10 : 0) | cidBit | (number & 1)
        case .supervisory(.deselect, _):
            return 0xC2 | cidBit
        case .supervisory(.waitingTimeExtension, _):
            return 0xF2 | cidBit
        }
    }

    /// The block's bytes, PCB first, without CRC_A. Fields are masked to their width, so a
    /// test can send a WTXM of 0 or 60 and see what the peer does.
    public func encode() -> [UInt8] {
        var bytes: [UInt8] = []
        if case .information(_, _, _, _, let inf) = self { bytes.reserveCapacity(3 + inf.count) }
        bytes.append(pcb)
        if let cid { bytes.append(cid.byte) }
        switch self {
        case .information(_, _, _, let nad, let inf):
            if let nad { bytes.append(nad) }
            bytes += inf
        case .receiveReady, .supervisory(.deselect, _):
            break
        case .supervisory(.waitingTimeExtension(let multiplier, let powerLevel), _):
            bytes.append((powerLevel & 0x03) << 6 | (multiplier & 0x3F))
        }
        return bytes
    }
}
