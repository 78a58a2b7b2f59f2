import HexText

extension ISODEPBlock: CustomStringConvertible {
    /// ISO notation: `I(0) 00a40400`, `I(1, chaining)`, `R(ACK 1)`, `S(WTX 3)`, with the CID.
    public var description: String {
        let cidSuffix = cid.map { ", \($0)" } ?? ""
        switch self {
        case .information(let number, let chaining, _, let nad, let inf):
            let flags = (chaining ? ", chaining" : "") + (nad.map { ", NAD \($0)" } ?? "")
            let data = inf.isEmpty ? "" : " " + Hex.encode(inf)
            return "I(\(number & 1)\(flags)\(cidSuffix))\(data)"
        case .receiveReady(let kind, let number, _):
            return "R(\(kind == .ack ? "ACK" : "NAK") \(number & 1)\(cidSuffix))"
        case .supervisory(.deselect, _):
            return "S(DESELECT\(cidSuffix))"
        case .supervisory(.waitingTimeExtension(let multiplier, _), _):
            return "S(WTX \(multiplier)\(cidSuffix))"
        }
    }
}
