/// The time a reader stamps its events with and waits on: the wall clock on a bench, a
/// simulation clock in tests, so that a 500 ms restart delay costs no real time there.
public struct ReaderClock: Sendable {
    /// Monotonic time since an origin the caller chose.
    public let now: @Sendable () -> Duration
    /// Waits `duration`; throws when the wait is cancelled.
    public let sleep: @Sendable (Duration) async throws -> Void

    /// A clock from two closures (for a simulation clock whose instants are offsets).
    public init(
        now: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// Any Swift `Clock` counting in `Duration`, with `now` measured from `origin` (its current
    /// instant when `nil`).
    public init<C: Clock>(_ clock: C, origin: C.Instant? = nil) where C.Duration == Duration {
        let start = origin ?? clock.now
        self.init(
            now: { start.duration(to: clock.now) },
            sleep: { try await clock.sleep(until: clock.now.advanced(by: $0), tolerance: nil) })
    }

    /// The wall clock (`ContinuousClock`), counting from the moment it is made.
    public static func continuous() -> ReaderClock { ReaderClock(ContinuousClock()) }
}
