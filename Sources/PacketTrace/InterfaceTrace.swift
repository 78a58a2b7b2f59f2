/// One interface and its records, as a trace file holds them: what a `BoundedTrace` kept,
/// and what it dropped.
public struct InterfaceTrace: Sendable, Hashable {
    /// The interface.
    public var interface: TraceInterface
    /// Its records, in order.
    public var records: [TraceRecord]
    /// What was dropped between them, if anything.
    public var gap: TraceGap?

    /// `records` of `interface`, with the gap a bounded trace left, if any.
    public init(interface: TraceInterface, records: [TraceRecord], gap: TraceGap? = nil) {
        self.interface = interface
        self.records = records
        self.gap = gap
    }

    /// What `trace` kept of `interface`.
    public init(interface: TraceInterface, trace: BoundedTrace) {
        self.init(interface: interface, records: trace.records, gap: trace.gap)
    }
}
