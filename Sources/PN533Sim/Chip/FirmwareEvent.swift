import HexText

/// One thing the simulated chip did, at a virtual instant: the log tests and reports read.
public struct FirmwareEvent: Sendable, Hashable, CustomStringConvertible {
    /// When it happened.
    public var at: SimulationInstant
    /// What happened.
    public var kind: Kind

    /// The kinds of event.
    public enum Kind: Sendable, Hashable {
        /// A command frame arrived from the host.
        case command(code: UInt8, data: [UInt8])
        /// A response frame went to the host.
        case response(code: UInt8, data: [UInt8])
        /// The syntax error frame went to the host.
        case errorFrame
        /// The host sent ACK: the running command was dropped.
        case abortedByHost
        /// Bytes from the host that were not a command.
        case ignoredHostBytes(String)
        /// A scripted fault fired.
        case faultCommitted(String)
        /// Something on the RF side: polling, activation, field changes.
        case rf(String)
        /// A frame the chip, as reader, sent to a card (kept as bytes: formatting every
        /// frame as text would cost more than the exchange itself).
        case toCard(AirFrame)
        /// The card's answer to it.
        case fromCard(AirFrame)
    }

    public var description: String {
        let what: String
        switch kind {
        case .command(let code, let data):
            what = "command \(Hex.encode([code])) \(Hex.encode(data))"
        case .response(let code, let data):
            what = "response \(Hex.encode([code])) \(Hex.encode(data))"
        case .errorFrame: what = "error frame"
        case .abortedByHost: what = "aborted by host ACK"
        case .ignoredHostBytes(let why): what = "ignored host bytes: \(why)"
        case .faultCommitted(let fault): what = "fault: \(fault)"
        case .rf(let note): what = "rf: \(note)"
        case .toCard(let frame): what = "rf: to card: \(frame)"
        case .fromCard(let frame): what = "rf: from card: \(frame)"
        }
        return "\(at) \(what)"
    }
}
