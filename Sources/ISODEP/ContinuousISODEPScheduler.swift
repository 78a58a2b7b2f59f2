/// Wall-clock time and plain tasks: the scheduler for real chips on a bench.
public struct ContinuousISODEPScheduler: ISODEPScheduler {
    private let origin: ContinuousClock.Instant

    /// A scheduler whose `now` counts from its creation.
    public init() { origin = .now }

    /// Wall-clock time since the scheduler was made.
    public var now: Duration { ContinuousClock.now - origin }

    /// `Task.sleep`, ending early on cancellation.
    public func sleep(for duration: Duration) async {
        try? await Task.sleep(for: duration)
    }

    /// Runs `work` in a plain task.
    public func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        let result = TaskPendingResult(origin: origin)
        Task { result.complete(await work()) }
        return result
    }
}
