/// The bulk OUT transfers the host wrote, in order, from umockdev's worker thread to the
/// task that hands them to the chip.
final class VirtualUSBOutbox: Sendable {
    let transfers: AsyncStream<[UInt8]>
    private let continuation: AsyncStream<[UInt8]>.Continuation

    init() {
        (transfers, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    }

    /// One transfer, from any thread.
    func deliver(_ bytes: [UInt8]) { continuation.yield(bytes) }

    /// Ends the stream: the consuming task stops.
    func finish() { continuation.finish() }
}
