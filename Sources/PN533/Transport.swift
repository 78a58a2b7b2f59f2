/// One bidirectional byte pipe to a chip: USB bulk OUT/IN on hardware, the firmware model in simulation.
///
/// Both calls are `nonisolated(nonsending)`: they run on the caller's executor (the driver's
/// actor), so a transfer does not hop off that actor and back again.
public protocol Transport: Sendable {
    /// Sends one host→chip transfer (a whole frame); the transport adds a zero-length packet when USB needs one.
    nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError)
    /// Receives the next chip→host transfer (up to one frame, possibly split by USB into packets) within `timeout`.
    ///
    /// When the calling task is cancelled the wait ends soon, with `.cancelled`: a chip in
    /// target mode may wait for an initiator indefinitely, and cancelling is how its host stops.
    nonisolated(nonsending) func receive(timeout: Duration) async throws(TransportError) -> [UInt8]

    /// The next chip→host transfer when it is already there, without waiting; `nil` when
    /// none is, or when the transport cannot tell without waiting (then `receive` decides).
    ///
    /// A simulated chip has its ACK and often its response queued before the host asks:
    /// taking them here spares the driver an asynchronous call chain per frame.
    func receiveIfReady() throws(TransportError) -> [UInt8]?

    /// Sends a transfer at once when the transport can do it without waiting; `false` when
    /// it cannot (then `send` must be awaited), having sent nothing.
    ///
    /// A simulated chip on the driver's executor takes the bytes in a plain call: the
    /// asynchronous `send` would cost the driver an executor switch per frame.
    func sendInPlace(_ bytes: [UInt8]) throws(TransportError) -> Bool

    /// The actor whose executor a driver over this transport runs on; `nil`: one of its own.
    ///
    /// A simulation answers a command by calling its host back on the chip's executor: when
    /// the driver shares it, a command frame goes to the chip and back without a hop.
    var executorOwner: (any Actor)? { get }
}

extension Transport {
    public var executorOwner: (any Actor)? { nil }

    public func receiveIfReady() throws(TransportError) -> [UInt8]? { nil }

    public func sendInPlace(_ bytes: [UInt8]) throws(TransportError) -> Bool { false }
}
