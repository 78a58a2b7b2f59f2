import PN533

/// The host's end of the simulated USB link: the same `Transport` the libusb driver
/// implements, so nothing above the driver can tell them apart.
public struct SimulatedTransport: Transport {
    let chip: PN533Firmware

    /// Delivers one host→chip transfer.
    public nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError) {
        try await chip.receiveFromHost(bytes)
    }

    /// Delivers the transfer in a plain call when the caller runs on the simulation's
    /// executor (every driver over this transport does): the call onto the chip's actor and
    /// back would cost two executor switches per frame.
    public func sendInPlace(_ bytes: [UInt8]) throws(TransportError) -> Bool {
        try chip.receiveFromHostInPlace(bytes)
    }

    /// The next chip→host transfer, waiting `timeout` of simulated time at most. Inlined
    /// into the protocol's witness: a driver's wait then sets up one asynchronous frame less.
    @inline(__always) public nonisolated(nonsending) func receive(timeout: Duration)
        async throws(TransportError)
        -> [UInt8]
    {
        try await chip.nextFrameForHost(timeout: timeout)
    }

    /// A transfer the chip already queued for the host.
    public func receiveIfReady() throws(TransportError) -> [UInt8]? {
        try chip.frameForHostIfReady()
    }

    /// The chip's field: the chips and the hosts driving them share its executor.
    public var executorOwner: (any Actor)? { chip.field }
}
