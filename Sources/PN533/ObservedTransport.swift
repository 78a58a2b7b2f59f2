/// A transport that shows every transfer it carries to an observer, then passes it on: how
/// a rig keeps the USB trace of a chip without the driver knowing it is watched.
public struct ObservedTransport<Base: Transport>: Transport {
    /// What the observer is told: which way a transfer went and its bytes.
    public typealias Observer = @Sendable (PN533FrameDirection, [UInt8]) -> Void

    /// The transport that carries the transfers.
    public let base: Base
    private let observer: Observer

    /// `base`, with every transfer it carries shown to `observer`: a host→chip transfer as
    /// it is sent (the host's time of sending, whether or not it arrives), a chip→host one
    /// once received.
    public init(_ base: Base, observer: @escaping Observer) {
        self.base = base
        self.observer = observer
    }

    public nonisolated(nonsending) func send(_ bytes: [UInt8]) async throws(TransportError) {
        observer(.hostToChip, bytes)
        try await base.send(bytes)
    }

    public nonisolated(nonsending) func receive(timeout: Duration)
        async throws(TransportError) -> [UInt8]
    {
        let bytes = try await base.receive(timeout: timeout)
        // An empty transfer is USB's way of ending one; it carries no frame to trace.
        if !bytes.isEmpty { observer(.chipToHost, bytes) }
        return bytes
    }

    public var preferredExecutor: (any SerialExecutor)? { base.preferredExecutor }
}
