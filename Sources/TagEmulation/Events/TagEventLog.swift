import Locking

/// The events of an emulated tag, timestamped by an injected clock, readable while the
/// emulator runs: the newest `capacity` of them, with counts that cover every event.
///
/// The clock is a `@Sendable () -> Duration`: the time since some fixed start. A rig on a
/// `SimulationClock` passes `{ clock.now.offset }` so timestamps are virtual and runs
/// repeat exactly; with real chips `TagEventLog.wallClock()` uses a `ContinuousClock` from
/// the log's creation.
///
/// Bounded because an emulator can run for hours (a benchmark records ~350 000 events a
/// second): a log that kept them all grew without end and held every APDU it saw.
public final class TagEventLog: Sendable {
    /// Events kept by default: a conformance case reads tens, `nfcrig emulate` prints them as
    /// they come.
    public static let defaultCapacity = 10_000

    private struct Entries {
        /// Oldest first until full; then a ring whose oldest entry is at `oldest`.
        var storage: [TagEvent] = []
        var oldest = 0
        /// Events recorded so far, kept or not.
        var recorded = 0
        /// `.received` events recorded so far, kept or not.
        var received = 0

        /// The newest `wanted` events kept, oldest first, copied without the others.
        func newest(_ wanted: Int) -> [TagEvent] {
            let count = min(max(0, wanted), storage.count)
            // Where the first of them sits in the ring.
            let first = (oldest + storage.count - count) % max(storage.count, 1)
            if first + count <= storage.count { return Array(storage[first..<(first + count)]) }
            return Array(storage[first...]) + storage[..<(first + count - storage.count)]
        }
    }

    private let now: @Sendable () -> Duration
    private let observer: (@Sendable (TagEvent) -> Void)?
    /// How many events are kept.
    public let capacity: Int
    private let entries = Lock(Entries())

    /// A log stamping events with `now()`, keeping the newest `capacity` (at least one);
    /// `observer` sees each event as it is recorded.
    public init(
        now: @escaping @Sendable () -> Duration,
        capacity: Int = TagEventLog.defaultCapacity,
        observer: (@Sendable (TagEvent) -> Void)? = nil
    ) {
        self.now = now
        self.capacity = max(1, capacity)
        self.observer = observer
    }

    /// A log stamping events with the wall-clock time since it was created.
    public static func wallClock() -> TagEventLog {
        let start = ContinuousClock.now
        return TagEventLog { ContinuousClock.now - start }
    }

    /// Appends an event at the current time, dropping the oldest when the log is full.
    public func record(_ kind: TagEvent.Kind) {
        let event = TagEvent(at: now(), kind: kind)
        let capacity = capacity
        entries.withLock { entries in
            entries.recorded += 1
            if case .received = event.kind { entries.received += 1 }
            guard entries.storage.count == capacity else {
                entries.storage.append(event)
                return
            }
            entries.storage[entries.oldest] = event
            entries.oldest = entries.oldest + 1 == capacity ? 0 : entries.oldest + 1
        }
        observer?(event)
    }

    /// The events kept, oldest first: every event, unless more than `capacity` came.
    public var events: [TagEvent] { entries.withLock { $0.newest($0.storage.count) } }

    /// Events recorded so far, including those no longer kept.
    public var recordedCount: Int { entries.withLock { $0.recorded } }

    /// Commands received so far (`.received` events: APDUs, Type 2 commands), kept or not.
    public var receivedCount: Int { entries.withLock { $0.received } }

    /// The events recorded after the first `count` (as `recordedCount` counts them), and how
    /// many of those are no longer kept: for a reader that follows the log as it grows.
    public func events(after count: Int) -> (events: [TagEvent], dropped: Int) {
        entries.withLock { entries in
            let new = max(0, entries.recorded - max(0, count))
            let available = min(new, entries.storage.count)
            // Only the new ones are copied: `nfcrig emulate` asks every 50 ms, and copying
            // the whole log (10 000 events once full) to keep a few was the cost of each ask.
            return (entries.newest(available), new - available)
        }
    }
}
