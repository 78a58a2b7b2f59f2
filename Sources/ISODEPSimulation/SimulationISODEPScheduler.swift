import ISODEP
import PN533Sim

/// ISO-DEP time on a simulation clock (the rig hands it to emulated cards and readers): a
/// card's handler runs as a participant task, so virtual time goes on while it sleeps, and
/// waiting for its answer is a wait on the clock. Its own module, between ISO-DEP and the
/// simulator: ISO-DEP never knows a simulator exists, and ISO-DEP's tests can still run
/// cards and readers on simulated chips without the rig above them.
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
        clock.spawn { result.fulfil(await work()) }
        return result
    }
}
