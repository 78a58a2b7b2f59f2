import HexText

/// One ISO/IEC 14443-4 frame, decoded: the activation pair or a block.
public enum ISODEPFrame: Sendable, Hashable, CustomStringConvertible {
    /// The reader's RATS.
    case rats(RATS)
    /// The card's ATS.
    case ats(ATS)
    /// An I-, R- or S-block.
    case block(ISODEPBlock)

    /// The frame's bytes, without CRC_A.
    public func encode() -> [UInt8] {
        switch self {
        case .rats(let rats): rats.encode()
        case .ats(let ats): ats.encode()
        case .block(let block): block.encode()
        }
    }

    /// `RATS FSD 256 CID 0`, `ATS 0578807002`, or the block in ISO notation.
    public var description: String {
        switch self {
        case .rats(let rats): rats.description
        case .ats(let ats): "ATS " + Hex.encode(ats.encode())
        case .block(let block): block.description
        }
    }
}
