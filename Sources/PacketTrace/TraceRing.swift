/// The end of a `BoundedTrace`: the latest records that fit a limit, oldest first. A ring,
/// so that dropping the oldest record costs nothing however many are kept.
struct TraceRing: Sendable {
    let limit: TraceLimit
    /// Slots; a dropped record's slot is emptied at once, so that its bytes are freed.
    private var slots: [TraceRecord?] = []
    /// The slot of the oldest record.
    private var start = 0
    private(set) var count = 0
    private(set) var bytes = 0

    init(limit: TraceLimit) { self.limit = limit }

    /// Adds `record` as the latest, first dropping as many of the oldest as the limit
    /// requires; returns what was dropped, oldest first. A record larger than the whole
    /// byte limit drops everything, itself included: the end of the trace is then empty
    /// rather than out of order.
    mutating func append(_ record: TraceRecord) -> [TraceRecord] {
        guard record.bytes.count <= limit.maximumBytes, limit.maximumRecords > 0 else {
            return removeAll() + [record]
        }
        var dropped: [TraceRecord] = []
        while count > 0
            && (count + 1 > limit.maximumRecords
                || bytes + record.bytes.count > limit.maximumBytes)
        {
            dropped.append(removeOldest())
        }
        if count == slots.count {
            grow()
        }
        slots[(start + count) % slots.count] = record
        count += 1
        bytes += record.bytes.count
        return dropped
    }

    /// The records, oldest first.
    var records: [TraceRecord] {
        (0..<count).compactMap { slots[(start + $0) % slots.count] }
    }

    private mutating func removeOldest() -> TraceRecord {
        // Only called with count > 0, where the oldest slot is always full.
        let oldest = slots[start]!
        slots[start] = nil
        start = (start + 1) % slots.count
        count -= 1
        bytes -= oldest.bytes.count
        return oldest
    }

    private mutating func removeAll() -> [TraceRecord] {
        var dropped: [TraceRecord] = []
        while count > 0 { dropped.append(removeOldest()) }
        return dropped
    }

    /// Doubles the slots (up to the record limit), the records moved to the front in order:
    /// growing on demand keeps a short trace small.
    private mutating func grow() {
        let kept = records
        let capacity = min(max(16, slots.count * 2), limit.maximumRecords)
        slots = kept.map { Optional($0) } + Array(repeating: nil, count: capacity - kept.count)
        start = 0
    }
}
