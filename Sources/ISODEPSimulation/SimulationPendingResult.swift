import ISODEP
import Locking
import PN533Sim

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
