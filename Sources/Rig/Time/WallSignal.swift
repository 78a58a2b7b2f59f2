import Locking

/// A wake-up one task waits for in real time, up to a deadline: what a
/// `SimulationChannel<Void>` is on a simulation clock, for a rig that has none. A signal sent
/// while nobody waits is kept (one, however many are sent) for the next wait.
final class WallSignal: Sendable {
    /// How a wait ended without a signal.
    enum WaitError: Error, Sendable, Hashable {
        /// The deadline passed first.
        case timedOut
        /// The waiting task was cancelled.
        case cancelled
    }

    private enum Wake: Sendable {
        case signaled
        case failed(WaitError)
    }

    private struct Waiter: Sendable {
        let id: Int
        let continuation: CheckedContinuation<Wake, Never>
    }

    private struct State: Sendable {
        var pending = false
        var waiter: Waiter?
        var lastID = 0
    }

    private let state = Lock(State())

    /// A signal with nothing pending and nobody waiting.
    init() {}

    /// Wakes the waiter, or keeps the signal for the next wait when nobody waits.
    func send() {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: .signaled)
    }

    /// Returns at the next signal (at once when one is pending); throws when `deadline`
    /// passes first or the task is cancelled. One task waits at a time.
    func wait(until deadline: ContinuousClock.Instant) async throws(WaitError) {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        var timer: Task<Void, Never>?
        let wake = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                let answer: Wake? = state.withLock { state in
                    if state.pending {
                        state.pending = false
                        return .signaled
                    }
                    // A cancellation before the waiter is registered finds nothing to end;
                    // the flag is set before the handler runs, and both take the lock.
                    if Task.isCancelled { return .failed(.cancelled) }
                    precondition(state.waiter == nil, "a WallSignal has one waiter at a time")
                    state.waiter = Waiter(id: id, continuation: continuation)
                    return nil
                }
                if let answer {
                    continuation.resume(returning: answer)
                    return
                }
                timer = Task { [self] in
                    do {
                        try await Task.sleep(until: deadline, clock: .continuous)
                    } catch {
                        return
                    }
                    end(id, with: .failed(.timedOut))
                }
            }
        } onCancel: {
            end(id, with: .failed(.cancelled))
        }
        // The wait is over: its timer need not sleep on.
        timer?.cancel()
        if case .failed(let error) = wake { throw error }
    }

    /// Ends wait `id` with `wake`, unless it ended before (a later wait has another id).
    private func end(_ id: Int, with wake: Wake) {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter, waiter.id == id else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: wake)
    }
}
