/// The records of one interface (an RF field, a USB chip), in the order they happened,
/// kept within a `TraceLimit`: the start of the trace, then a ring holding its end. What
/// falls between them is dropped and counted (`gap`), so that the trace file can say what
/// is missing and where.
///
/// A value, not a recorder: whoever records owns one and serialises appends to it. The
/// simulated field and the PN533 driver are actors, so theirs lives in actor state; any
/// other caller keeps it behind a lock.
public struct BoundedTrace: Sendable {
    /// What the trace keeps.
    public let limit: TraceLimit
    private var head: [TraceRecord] = []
    private var headBytes = 0
    /// Set once a record did not fit the start: from then on everything goes to the end,
    /// so that the start stays the contiguous start of the trace.
    private var headClosed = false
    private var tail: TraceRing
    private var dropped: TraceGap?

    /// An empty trace keeping at most `limit`.
    public init(limit: TraceLimit = .default) {
        self.limit = limit
        tail = TraceRing(limit: limit.tail)
    }

    /// Adds `record` after the others.
    public mutating func append(_ record: TraceRecord) {
        let headLimit = limit.head
        if !headClosed && head.count < headLimit.maximumRecords
            && headBytes + record.bytes.count <= headLimit.maximumBytes
        {
            head.append(record)
            headBytes += record.bytes.count
            return
        }
        headClosed = true
        for record in tail.append(record) {
            count(droppedRecord: record)
        }
    }

    /// The records kept, in order: the start, then the end.
    public var records: [TraceRecord] { head + tail.records }

    /// How many records are kept.
    public var count: Int { head.count + tail.count }

    /// What was dropped, or `nil` when nothing was.
    public var gap: TraceGap? { dropped }

    private mutating func count(droppedRecord record: TraceRecord) {
        if var gap = dropped {
            gap.records += 1
            gap.bytes += record.bytes.count
            gap.last = record.timestamp
            dropped = gap
        } else {
            dropped = TraceGap(
                index: head.count, records: 1, bytes: record.bytes.count,
                first: record.timestamp, last: record.timestamp)
        }
    }
}
