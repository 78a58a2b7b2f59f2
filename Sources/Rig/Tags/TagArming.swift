import Locking
import PN533Sim
import TagEmulation

/// Whether an emulator is between readers, arming its chip again (TgInitAsTarget on its way),
/// and a wait until it is not: a reader polling in that gap misses the tag, which on the wall
/// clock is a matter of the host's scheduling, not of the reader under test.
final class TagArming: Sendable {
    private let arming = Lock(true)
    /// At most one signal waits: the waiter checks the state after each.
    private let changed: Changed

    /// What the waiter waits on: a channel on a simulation clock, so that virtual time moves
    /// on while it waits; a wall signal on a rig with no simulation clock.
    private enum Changed: Sendable {
        case simulation(SimulationChannel<Void>, SimulationClock)
        case wall(WallSignal)
    }

    /// A tag whose emulator is starting, timed by `time`.
    init(time: RigTime) {
        changed =
            if let clock = time.simulationClock {
                .simulation(SimulationChannel(clock: clock), clock)
            } else {
                .wall(WallSignal())
            }
    }

    /// Follows the emulator's log: a session's end starts the arming, listening (or being
    /// activated, or keeping silent in HALT on purpose) ends it.
    func observe(_ kind: TagEvent.Kind) {
        let nowArming: Bool
        switch kind {
        case .listening, .activated, .haltedUntilFieldOff: nowArming = false
        case .deselected, .released, .fellBackToIdle, .idle, .chipFailed, .isoDEPFailed:
            nowArming = true
        case .received, .sent, .sentNibble, .waitingTimeExtension, .readerBlock: return
        }
        arming.withLock { $0 = nowArming }
        guard !nowArming else { return }
        switch changed {
        case .simulation(let channel, _): if channel.pendingCount == 0 { channel.send(()) }
        case .wall(let signal): signal.send()
        }
    }

    /// Returns once the emulator is not arming; throws when it still is after `timeout`
    /// (`SimulationError` on a simulation clock, `WallSignal.WaitError` otherwise).
    func waitUntilArmed(timeout: Duration) async throws {
        switch changed {
        case .simulation(let channel, let clock):
            let deadline = clock.now.advanced(by: timeout)
            while isArming { try await channel.receive(deadline: deadline) }
        case .wall(let signal):
            let deadline = ContinuousClock.now.advanced(by: timeout)
            while isArming { try await signal.wait(until: deadline) }
        }
    }

    private var isArming: Bool { arming.withLock { $0 } }
}
