import HexText

/// The NTAG21x commands beyond READ and WRITE that a reader may send a Type 2 tag, as NXP's
/// NTAG213/215/216 data sheet defines them (§10, Command overview), named in a listing with
/// what their answers hold. nfcrig's emulated tag answers GET_VERSION, FAST_READ and
/// COMPATIBILITY WRITE; readers also try READ_SIG, PWD_AUTH and READ_CNT on real NTAGs.
enum NTAGCommand: Hashable {
    /// `60`: the tag's vendor, type and memory size, 8 bytes.
    case getVersion
    /// `3A start end`: the blocks from start to end, 4 bytes each.
    case fastRead(start: UInt8, end: UInt8)
    /// `3C 00`: NXP's originality signature, 32 bytes.
    case readSignature
    /// `1B` and a 4-byte password: the 2-byte PACK, or NAK.
    case passwordAuthentication
    /// `39 02`: the NFC counter, 3 bytes, least significant first.
    case readCounter
    /// `A0 n`: MIFARE Classic's WRITE framing; ACK, then 16 data bytes of which 4 are written.
    case compatibilityWrite(block: UInt8)

    /// The command `payload` (CRC removed) is, if it is one of these.
    init?(_ payload: [UInt8]) {
        switch (payload.first, payload.count) {
        case (0x60, 1): self = .getVersion
        case (0x3A, 3): self = .fastRead(start: payload[1], end: payload[2])
        case (0x3C, 2): self = .readSignature
        case (0x1B, 5): self = .passwordAuthentication
        case (0x39, 2): self = .readCounter
        case (0xA0, 2): self = .compatibilityWrite(block: payload[1])
        default: return nil
        }
    }

    /// The command's line in a listing.
    var description: String {
        switch self {
        case .getVersion: "GET_VERSION"
        case .fastRead(let start, let end): "FAST_READ blocks \(start)–\(end)"
        case .readSignature: "READ_SIG"
        case .passwordAuthentication: "PWD_AUTH"
        case .readCounter: "READ_CNT"
        case .compatibilityWrite(let block): "COMPATIBILITY WRITE block \(block)"
        }
    }

    /// The line of the tag's answer (CRC removed) to this command.
    func describeAnswer(_ payload: [UInt8]) -> String {
        switch self {
        case .getVersion:
            guard payload.count == 8 else {
                return "? GET_VERSION answer of \(payload.count) bytes"
            }
            let vendor = payload[1] == 0x04 ? "NXP" : "vendor \(Hex.digits(payload[1]))"
            let product = payload[2] == 0x04 ? "NTAG" : "type \(Hex.digits(payload[2]))"
            let size = Hex.digits(payload[6], uppercase: true)
            let model = [0x0F: " (NTAG213)", 0x11: " (NTAG215)", 0x13: " (NTAG216)"][payload[6]]
            return "GET_VERSION answer: \(vendor) \(product), storage size \(size)\(model ?? "")"
        case .fastRead(let start, let end):
            let expected = (Int(end) - Int(start) + 1) * 4
            guard end >= start, payload.count == expected else {
                return "? FAST_READ answer of \(payload.count) bytes"
            }
            return "FAST_READ answer, blocks \(start)–\(end)"
        case .readSignature:
            guard payload.count == 32 else { return "? READ_SIG answer of \(payload.count) bytes" }
            return "READ_SIG answer, 32-byte signature"
        case .passwordAuthentication:
            guard payload.count == 2 else { return "? PWD_AUTH answer of \(payload.count) bytes" }
            return "PWD_AUTH answer, PACK \(Hex.encode(payload, uppercase: true))"
        case .readCounter:
            guard payload.count == 3 else { return "? READ_CNT answer of \(payload.count) bytes" }
            let counter = Int(payload[0]) | Int(payload[1]) << 8 | Int(payload[2]) << 16
            return "READ_CNT answer, counter \(counter)"
        case .compatibilityWrite:
            return "? answer"
        }
    }
}
