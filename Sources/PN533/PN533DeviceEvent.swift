/// What a `PN533Device` did on the wire, for tracing: frames out and in, and every recovery.
public enum PN533DeviceEvent: Sendable, Hashable {
    /// A transfer went to the chip.
    case sent([UInt8])
    /// A transfer came from the chip.
    case received([UInt8])
    /// Bytes outside any frame were skipped while resynchronising.
    case skipped([UInt8])
    /// The response came without an ACK before it (tolerated).
    case ackMissing(PN533Command)
    /// A corrupt response was NACKed to get it again.
    case nackSent(PN533Command, PN533FrameError)
    /// A frame with no place at this point was ignored (e.g. a second ACK).
    case ignored(PN533Command, PN533Frame)
    /// The command was cancelled with an ACK.
    case aborted(PN533Command)
    /// Buffered or late bytes were thrown away so the next command starts clean.
    case discarded([UInt8])
}
