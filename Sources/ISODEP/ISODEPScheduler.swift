/// The time an ISO-DEP endpoint measures and waits with, and where a card runs its APDU
/// handler while it keeps talking to the reader: the wall clock on a bench
/// (`ContinuousISODEPScheduler`), a simulation clock in tests.
public protocol ISODEPScheduler: Sendable {
    /// Monotonic time since an arbitrary origin.
    var now: Duration { get }
    /// Waits `duration` (returns early only when the task is cancelled).
    func sleep(for duration: Duration) async
    /// Starts `work` concurrently; its result is collected through the returned handle.
    func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult
}

/// The result of work an `ISODEPScheduler` started.
public protocol ISODEPPendingResult: Sendable {
    /// The result, or `nil` when `deadline` (in the scheduler's `now` terms) comes first; the
    /// work goes on and a later call can still collect it. `nil` deadline: wait for it.
    nonisolated(nonsending) func value(before deadline: Duration?) async -> [UInt8]?
}
