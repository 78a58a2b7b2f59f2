import ISODEP
import Locking
import PN533Sim

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
        let result = SimulationPendingResult(clock: clock)
        clock.spawn { result.fulfil(await work()) }
        return result
    }
}

/// A handler's answer; once there it is kept. A channel to wait on is made only when the card
/// asks before the answer came.
final class SimulationPendingResult: ISODEPPendingResult {
    private enum State {
        case empty
        case awaited(SimulationChannel<[UInt8]>)
        case answered([UInt8])
    }

    private let clock: SimulationClock
    private let state = Lock(State.empty)

    init(clock: SimulationClock) { self.clock = clock }

    func fulfil(_ answer: [UInt8]) {
        let waiting: SimulationChannel<[UInt8]>? = state.withLock { state in
            defer { state = .answered(answer) }
            if case .awaited(let channel) = state { return channel }
            return nil
        }
        waiting?.send(answer)
    }

    public nonisolated(nonsending) func value(before deadline: Duration?) async -> [UInt8]? {
        let (answer, channel) = state.withLock { state -> ([UInt8]?, SimulationChannel<[UInt8]>?) in
            switch state {
            case .answered(let answer): return (answer, nil)
            case .awaited(let channel): return (nil, channel)
            case .empty:
                let channel = SimulationChannel<[UInt8]>(clock: clock)
                state = .awaited(channel)
                return (nil, channel)
            }
        }
        if let answer { return answer }
        // `fulfil` records the answer before it sends it: later calls find it recorded.
        return try? await channel?.receive(deadline: deadline.map(SimulationInstant.init(offset:)))
    }
}
