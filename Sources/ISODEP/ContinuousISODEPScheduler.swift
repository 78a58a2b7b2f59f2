/// Wall-clock time and plain tasks: the scheduler for real chips on a bench.
public struct ContinuousISODEPScheduler: ISODEPScheduler {
    private let origin: ContinuousClock.Instant

    /// A scheduler whose `now` counts from its creation.
    public init() { origin = .now }

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(for duration: Duration) async {
        try? await Task.sleep(for: duration)
    }

    public func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        let result = TaskPendingResult(origin: origin)
        Task { result.complete(await work()) }
        return result
    }
}
