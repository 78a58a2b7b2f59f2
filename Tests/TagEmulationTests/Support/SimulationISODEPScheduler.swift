import ISODEP
import PN533Sim
import Synchronization

/// ISO-DEP time on the simulation clock, so that an emulated card's APDU handler runs as a
/// participant and the card's WTX deadlines are virtual; the same shape as ISODEPTests'
/// (test targets cannot share support files, and PN533Sim cannot import ISODEP).
struct SimulationISODEPScheduler: ISODEPScheduler {
    let clock: SimulationClock

    var now: Duration { clock.now.offset }

    func sleep(for duration: Duration) async {
        try? await clock.sleep(until: clock.now.advanced(by: duration))
    }

    func start(_ work: @escaping @Sendable () async -> [UInt8]) -> any ISODEPPendingResult {
        let answer = SimulationChannel<[UInt8]>(clock: clock)
        _ = clock.spawn { answer.send(await work()) }
        return SimulatedHandlerAnswer(channel: answer)
    }
}

/// The handler's answer, arriving on a simulation channel and kept once it came.
final class SimulatedHandlerAnswer: ISODEPPendingResult {
    private let channel: SimulationChannel<[UInt8]>
    private let kept = Mutex<[UInt8]?>(nil)

    init(channel: SimulationChannel<[UInt8]>) { self.channel = channel }

    func value(before deadline: Duration?) async -> [UInt8]? {
        if let answer = kept.withLock({ $0 }) { return answer }
        guard
            let answer = try? await channel.receive(
                deadline: deadline.map(SimulationInstant.init(offset:)))
        else { return nil }
        kept.withLock { $0 = answer }
        return answer
    }
}
