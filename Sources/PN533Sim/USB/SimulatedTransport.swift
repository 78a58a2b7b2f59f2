import PN533

/// The host's end of the simulated USB link: the same `Transport` the libusb driver
/// implements, so nothing above the driver can tell them apart.
public struct SimulatedTransport: Transport {
    let chip: PN533Firmware

    /// Delivers one host→chip transfer.
    public nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError) {
        try await chip.receiveFromHost(bytes)
    }

    /// The next chip→host transfer, waiting `timeout` of simulated time at most.
    public nonisolated(nonsending) func receive(timeout: Duration)
        async throws(TransportError) -> [UInt8]
    {
        try await chip.nextFrameForHost(timeout: timeout)
    }

    /// The simulation's executor: the driver runs on it, as the chips and the field do, so a
    /// command goes to the chip and its answer comes back without a thread switch.
    public var preferredExecutor: (any SerialExecutor)? { chip.clock.executor }
}
