/// One bidirectional byte pipe to a chip: USB bulk OUT/IN on hardware, the firmware model in
/// simulation.
///
/// Both calls are `nonisolated(nonsending)`: they run on the caller's executor (the driver's
/// actor), so a transfer does not hop off that actor and back again.
public protocol Transport: Sendable {
    /// Sends one host→chip transfer (a whole frame); the transport adds a zero-length packet
    /// when USB needs one.
    nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError)
    /// Receives the next chip→host transfer (up to one frame, possibly split by USB into
    /// packets) within `timeout`.
    ///
    /// When the calling task is cancelled the wait ends soon, with `.cancelled`: a chip in
    /// target mode may wait for an initiator indefinitely, and cancelling is how its host
    /// stops.
    nonisolated(nonsending) func receive(timeout: Duration) async throws(TransportError)
        -> [UInt8]

    /// The executor a driver over this transport should run on; `nil`: one of its own.
    var preferredExecutor: (any SerialExecutor)? { get }
}

extension Transport {
    public var preferredExecutor: (any SerialExecutor)? { nil }
}
