import HexText
import ISODEP
import PN533

/// One thing that happened on an emulated tag's RF side, and when.
public struct TagEvent: Sendable, Hashable {
    /// When it happened, on the log's clock.
    public var at: Duration
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(at: Duration, kind: Kind) {
        self.at = at
        self.kind = kind
    }

    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The chip took TgInitAsTarget (its ACK came): it is in the field as a card and
        /// waits for a reader.
        case listening
        /// A reader activated the tag; its first frame (RATS `E0 xx`, or a Type 2 command).
        case activated(firstCommand: [UInt8])
        /// A command APDU (Type 4) or tag command (Type 2) came in.
        case received([UInt8])
        /// The answer the tag gives: a response APDU (before ISO-DEP chains it), or a Type 2
        /// READ's 16 bytes.
        case sent([UInt8])
        /// A Type 2 ACK or NAK went out as a 4-bit frame.
        case sentNibble(UInt8)
        /// The tag asked for more time with S(WTX).
        case waitingTimeExtension(multiplier: Int)
        /// A block of the reader's own ISO-DEP bookkeeping (not an APDU): R(ACK) and R(NAK),
        /// its grant of an S(WTX), S(DESELECT), a part of a chained command. Logged for a
        /// card set to break the protocol (`ISODEPCardMisbehaviour`), whose cases judge
        /// the reader's recovery by them.
        case readerBlock(ISODEPBlock)
        /// The reader sent S(DESELECT).
        case deselected
        /// After DESELECT or HLTA the tag keeps silent, as a card in HALT does, until the
        /// reader's field goes off; then it listens again.
        case haltedUntilFieldOff
        /// A Type 2 tag took a frame for an error (one it does not know, or after a NAK) and
        /// fell back to IDLE, as an NTAG does: it answers the next REQA.
        case fellBackToIdle
        /// The reader let go: field off, HLTA or the card leaving (the PN533 reports all of
        /// them as status 29).
        case released
        /// The reader sent nothing for this long; the emulator re-arms.
        case idle(Duration)
        /// A chip command failed otherwise than by the reader letting go; the emulator
        /// re-arms.
        case chipFailed(PN533Error)
        /// The ISO-DEP session failed (no RATS first, a command too long); the emulator
        /// re-arms.
        case isoDEPFailed(ISODEPCardError)
    }
}

extension TagEvent.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .listening: "listening"
        case .activated(let command): "activated by \(Hex.encode(command))"
        case .received(let bytes): "<- \(Hex.encode(bytes))"
        case .sent(let bytes): "-> \(Hex.encode(bytes))"
        case .sentNibble(let nibble): "-> \(Hex.encode([nibble])) (4 bits)"
        case .waitingTimeExtension(let multiplier): "WTX x\(multiplier)"
        case .readerBlock(let block): "<- \(block)"
        case .deselected: "deselected"
        case .haltedUntilFieldOff: "halted until the field goes off"
        case .fellBackToIdle: "fell back to IDLE"
        case .released: "released"
        case .idle(let duration): "idle for \(duration)"
        case .chipFailed(let error): "chip failed: \(error)"
        case .isoDEPFailed(let error): "ISO-DEP failed: \(error)"
        }
    }
}

extension TagEvent: CustomStringConvertible {
    public var description: String { "\(at) \(kind)" }
}
