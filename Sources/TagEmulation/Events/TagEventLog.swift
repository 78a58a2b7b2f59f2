import Synchronization

/// The events of an emulated tag, timestamped by an injected clock, readable while the
/// emulator runs.
///
/// The clock is a `@Sendable () -> Duration`: the time since some fixed start. A rig on a
/// `SimulationClock` passes `{ clock.now.offset }` so timestamps are virtual and runs
/// repeat exactly; with real chips `TagEventLog.wallClock()` uses a `ContinuousClock` from
/// the log's creation.
public final class TagEventLog: Sendable {
    private let now: @Sendable () -> Duration
    private let observer: (@Sendable (TagEvent) -> Void)?
    private let entries = Mutex<[TagEvent]>([])

    /// A log stamping events with `now()`; `observer` sees each event as it is recorded.
    public init(
        now: @escaping @Sendable () -> Duration,
        observer: (@Sendable (TagEvent) -> Void)? = nil
    ) {
        self.now = now
        self.observer = observer
    }

    /// A log stamping events with the wall-clock time since it was created.
    public static func wallClock() -> TagEventLog {
        let start = ContinuousClock.now
        return TagEventLog { ContinuousClock.now - start }
    }

    /// Appends an event at the current time.
    public func record(_ kind: TagEvent.Kind) {
        let event = TagEvent(at: now(), kind: kind)
        entries.withLock { $0.append(event) }
        observer?(event)
    }

    /// Every event so far, oldest first.
    public var events: [TagEvent] { entries.withLock { $0 } }
}
