import Locking
import PN533Sim
import TagEmulation

/// Whether an emulator is between readers, arming its chip again (TgInitAsTarget on its way),
/// and a wait until it is not: a reader polling in that gap misses the tag, which on the wall
/// clock is a matter of the host's scheduling, not of the reader under test.
final class TagArming: Sendable {
    private let arming = Lock(true)
    /// At most one signal waits: the waiter checks the state after each.
    private let changed: SimulationChannel<Void>
    private let clock: SimulationClock

    /// A tag whose emulator is starting, timed by `clock`.
    init(clock: SimulationClock) {
        self.clock = clock
        changed = SimulationChannel(clock: clock)
    }

    /// Follows the emulator's log: a session's end starts the arming, listening (or being
    /// activated, or keeping silent in HALT on purpose) ends it.
    func observe(_ kind: TagEvent.Kind) {
        let nowArming: Bool
        switch kind {
        case .listening, .activated, .haltedUntilFieldOff: nowArming = false
        case .deselected, .released, .fellBackToIdle, .idle, .chipFailed, .isoDEPFailed:
            nowArming = true
        case .received, .sent, .sentNibble, .waitingTimeExtension: return
        }
        arming.withLock { $0 = nowArming }
        if !nowArming, changed.pendingCount == 0 { changed.send(()) }
    }

    /// Returns once the emulator is not arming; throws when it still is after `timeout`.
    func waitUntilArmed(timeout: Duration) async throws(SimulationError) {
        let deadline = clock.now.advanced(by: timeout)
        while arming.withLock({ $0 }) {
            try await changed.receive(deadline: deadline)
        }
    }
}
