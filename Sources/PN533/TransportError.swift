/// Why a transport could not move bytes: nothing arrived in time, the chip is gone, or the I/O failed.
public enum TransportError: Error, Sendable, Hashable {
    /// Nothing arrived within the receive timeout.
    case timeout
    /// The device went away (unplugged, closed, simulator torn down).
    case disconnected
    /// Any other I/O failure, described by the transport.
    case io(String)
    /// The waiting task was cancelled: the wait ended early, whatever the chip was doing.
    case cancelled
}
