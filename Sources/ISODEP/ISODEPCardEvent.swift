import HexText

/// Something an emulated card saw or did, stamped with its scheduler's time: the raw
/// material of a tag emulation's event log.
public struct ISODEPCardEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A frame from the reader.
        case received(ISODEPFrame)
        /// A frame to the reader.
        case sent(ISODEPFrame)
        /// A reader frame the card stayed silent on (ISO rule 10), and why.
        case ignored(bytes: [UInt8], reason: String)
        /// The APDU handler was called with a whole command.
        case handlerStarted(command: [UInt8])
        /// The APDU handler answered.
        case handlerFinished(response: [UInt8])
        /// The session is over.
        case ended(ISODEPCardSessionEnd)
        /// The card broke a rule on purpose in a way its frames alone do not show, and how.
        case misbehaved(String)
    }

    /// When, in the scheduler's `now` terms.
    public var time: Duration
    /// What.
    public var kind: Kind

    /// An event at `time`.
    public init(time: Duration, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// `12.345ms <- I(0) 00a4...`, one line.
    public var description: String {
        let (seconds, attoseconds) = time.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let stamp = "\(micros / 1000).\(String(1000 + micros % 1000).dropFirst())ms"
        switch kind {
        case .received(let frame): return "\(stamp) <- \(frame)"
        case .sent(let frame): return "\(stamp) -> \(frame)"
        case .ignored(let bytes, let reason):
            return "\(stamp) ignored \(Hex.encode(bytes)): \(reason)"
        case .handlerStarted(let command): return "\(stamp) APDU \(Hex.encode(command))"
        case .handlerFinished(let response): return "\(stamp) RAPDU \(Hex.encode(response))"
        case .ended(let end): return "\(stamp) ended: \(end)"
        case .misbehaved(let what): return "\(stamp) misbehaved: \(what)"
        }
    }
}
