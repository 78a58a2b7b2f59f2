import Locking
import PN533

/// Times an emulator chip's host from the chip's own USB transfers, on a rig where no
/// simulated field sees the air (a bench of USB dongles): from the transfer that brings the
/// host a reader's command to the one that hands the chip the answer, against how long the
/// reader waits for it (`TagAnswerBounds`, what the presented tag announced). An answer
/// handed over after the host's share of that wait is a `LateEmulatorAnswer`.
///
/// It is the observer of the chip's `ObservedTransport`, which shows it each transfer as it
/// is sent (host→chip) or received (chip→host).
public final class HostAnswerMonitor: Sendable {
    /// The emulator's chip id.
    public let emulator: String
    private let now: @Sendable () -> Duration
    private let state = Lock(State())

    private struct State {
        /// What the presented tag announced; nil while no tag is presented.
        var bounds: TagAnswerBounds?
        /// The reader's command the host has yet to answer, and when it arrived.
        var pending: (command: [UInt8], at: Duration)?
        /// The latest late answers, oldest first, at most `kept`.
        var late: [LateEmulatorAnswer] = []
        /// Late answers no longer kept: the first `dropped` of all.
        var dropped = 0
        /// How many answers were timed.
        var timed = 0
    }

    /// A monitor of chip `emulator`, stamping transfers with `now` (the rig's time).
    public init(emulator: String, now: @escaping @Sendable () -> Duration) {
        self.emulator = emulator
        self.now = now
    }

    /// The tag now presented announced `bounds` (nil: none is presented); a command still
    /// pending belongs to the tag before.
    public func present(_ bounds: TagAnswerBounds?) {
        state.withLock {
            $0.bounds = bounds
            $0.pending = nil
        }
    }

    /// One transfer of the chip, the way `ObservedTransport` shows it.
    public func observe(_ direction: PN533FrameDirection, _ bytes: [UInt8]) {
        guard let transfer = EmulatorTransfer(direction, bytes) else { return }
        let stamp = now()
        switch transfer {
        case .readerFrame(let command): arrived(command, at: stamp)
        case .answer: answered(at: stamp)
        // Armed again: nothing is pending any more.
        case .arming: state.withLock { $0.pending = nil }
        }
    }

    private func arrived(_ command: [UInt8]?, at stamp: Duration) {
        state.withLock { $0.pending = command.map { ($0, stamp) } }
    }

    private func answered(at stamp: Duration) {
        state.withLock { state in
            guard let pending = state.pending, let bounds = state.bounds else { return }
            state.pending = nil
            state.timed += 1
            let bound = bounds.bound(for: pending.command)
            let hostTime = stamp - pending.at
            guard hostTime > bound.hostLimit else { return }
            state.late.append(
                LateEmulatorAnswer(
                    emulator: emulator, bound: bound, hostTime: hostTime, at: stamp))
            if state.late.count > Self.kept {
                state.late.removeFirst()
                state.dropped += 1
            }
        }
    }

    /// How many late answers the monitor keeps with their figures: a slow host answers
    /// late again and again, and a run needs the figures of one repetition's.
    static let kept = 256

    /// How many answers were late so far.
    public var lateAnswerCount: Int { state.withLock { $0.dropped + $0.late.count } }

    /// The late answers after the first `count`, oldest first (those still kept).
    public func lateAnswers(after count: Int) -> [LateEmulatorAnswer] {
        state.withLock { state in
            Array(state.late.dropFirst(max(0, count - state.dropped)))
        }
    }

    /// How many answers were timed so far, late or not.
    public var timedAnswers: Int { state.withLock { $0.timed } }
}
