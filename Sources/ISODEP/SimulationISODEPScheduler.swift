import PN533Sim

/// ISO-DEP time on a simulation clock (the rig hands it to emulated cards and readers): a
/// card's handler runs as a participant task, so virtual time goes on while it sleeps, and
/// waiting for its answer is a wait on the clock. It lives beside `ContinuousISODEPScheduler`,
/// ISO-DEP's wall-clock time, so that ISO-DEP's own tests can run cards and readers on
/// simulated chips without the rig above them.
public struct SimulationISODEPScheduler: ISODEPScheduler {
    /// The clock the rig runs on.
    public let clock: SimulationClock

    /// Creates a scheduler on `clock`.
    public init(clock: SimulationClock) { self.clock = clock }

    public var now: Duration { clock.now.offset }

    public func sleep(for duration: Duration) async {
        try? await clock.sleep(until: clock.now.advanced(by: duration))
    }

    public func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        let result = SimulationPendingResult(clock: clock)
        // Most handlers answer without waiting: started in place, the answer is there before
        // the card asks for it, and nobody needs to wait on the clock for it.
        clock.launchImmediately { result.fulfil(await work()) }
        return result
    }
}
