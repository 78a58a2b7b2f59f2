/// How much a `BoundedTrace` keeps: at most `maximumRecords` records holding at most
/// `maximumBytes` bytes between them, half for the start of the trace and half for its end.
public struct TraceLimit: Sendable, Hashable {
    /// Records kept, start and end together.
    public var maximumRecords: Int
    /// Bytes of the records kept (their `bytes`, nothing else), start and end together.
    public var maximumBytes: Int

    /// A limit; negative values count as zero.
    public init(maximumRecords: Int, maximumBytes: Int) {
        self.maximumRecords = max(0, maximumRecords)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// 100 000 records, 8 MiB: a conformance case exchanges a few thousand frames, so only a
    /// runaway (a reader polling for minutes) reaches it, and a pcapng file of that size
    /// still opens at once in Wireshark.
    public static let `default` = TraceLimit(maximumRecords: 100_000, maximumBytes: 8 << 20)

    /// The part for the start of the trace: half, rounded down.
    var head: TraceLimit {
        TraceLimit(maximumRecords: maximumRecords / 2, maximumBytes: maximumBytes / 2)
    }

    /// The part for the end: the rest.
    var tail: TraceLimit {
        TraceLimit(
            maximumRecords: maximumRecords - maximumRecords / 2,
            maximumBytes: maximumBytes - maximumBytes / 2)
    }
}
