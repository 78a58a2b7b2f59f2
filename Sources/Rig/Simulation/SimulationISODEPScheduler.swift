import ISODEP
import PN533Sim
import Synchronization

/// ISO-DEP time on a simulation clock (the rig hands it to emulated cards and readers): a card's handler runs as a participant task, so
/// virtual time goes on while it sleeps, and waiting for its answer is a wait on the clock.
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
        let channel = SimulationChannel<[UInt8]>(clock: clock)
        // Most handlers answer without waiting: started in place, the answer is there before
        // the card asks for it.
        clock.launchImmediately { channel.send(await work()) }
        return SimulationPendingResult(channel: channel)
    }
}

/// A handler's answer arriving on a simulation channel; once received it is kept.
final class SimulationPendingResult: ISODEPPendingResult {
    private let channel: SimulationChannel<[UInt8]>
    private let received = Mutex<[UInt8]?>(nil)

    init(channel: SimulationChannel<[UInt8]>) { self.channel = channel }

    public nonisolated(nonsending) func value(before deadline: Duration?) async -> [UInt8]? {
        if let known = received.withLock({ $0 }) { return known }
        let instant = deadline.map(SimulationInstant.init(offset:))
        guard let value = try? await channel.receive(deadline: instant) else { return nil }
        received.withLock { $0 = value }
        return value
    }
}
