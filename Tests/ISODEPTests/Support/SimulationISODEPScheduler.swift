import ISODEP
import PN533Sim
import Synchronization

/// ISO-DEP time on a simulation clock: a card's handler runs as a participant task, so
/// virtual time goes on while it sleeps, and waiting for its answer is a wait on the clock.
struct SimulationISODEPScheduler: ISODEPScheduler {
    let clock: SimulationClock

    var now: Duration { clock.now.offset }

    func sleep(for duration: Duration) async {
        try? await clock.sleep(until: clock.now.advanced(by: duration))
    }

    func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        let channel = SimulationChannel<[UInt8]>(clock: clock)
        _ = clock.spawn { channel.send(await work()) }
        return SimulationPendingResult(channel: channel)
    }
}

/// A handler's answer arriving on a simulation channel; once received it is kept.
final class SimulationPendingResult: ISODEPPendingResult {
    private let channel: SimulationChannel<[UInt8]>
    private let received = Mutex<[UInt8]?>(nil)

    init(channel: SimulationChannel<[UInt8]>) { self.channel = channel }

    func value(before deadline: Duration?) async -> [UInt8]? {
        if let known = received.withLock({ $0 }) { return known }
        let instant = deadline.map(SimulationInstant.init(offset:))
        guard let value = try? await channel.receive(deadline: instant) else { return nil }
        received.withLock { $0 = value }
        return value
    }
}
