/// How a wait ended.
enum Wake: Sendable {
    /// A channel's element is there for the waiter (it takes it itself), or a sleep ended.
    case signaled
    case timedOut
    case failed(SimulationError)
}

/// A scheduled action of `SimulationClock.schedule(at:_:)`, for cancelling it.
public struct SimulationTimer: Sendable, Hashable {
    let id: Int
}

struct Waiter {
    /// Issued in ascending order; waits are registered in the order they began.
    var id: Int
    /// What ends the wait: a suspended participant, or a timer's action to start.
    enum Resumption {
        case continuation(UnsafeContinuation<Wake, Never>)
        case action(@Sendable () async -> Void)
    }

    var resumption: Resumption
    var deadline: SimulationInstant?
    /// The suspended task when its cancellation is linked (`linkingCancellation`), else 0.
    var task = 0
}

/// Everything the clock and its channels share, behind one lock so that "nobody runs" and
/// "this message was delivered" are decided together.
struct ClockState {
    var active = 0
    var nextWaiterID = 0
    /// Few at a time, appended as waits begin: a scan costs less than hashing.
    var waiters: [Waiter] = []

    /// Tasks whose cancellation ends their waits through `linkingCancellation`.
    var linkedTasks: [Int] = []

    /// Removes the waiter of linked task `task`, if it waits.
    mutating func removeWaiter(ofTask task: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.task == task }) else { return nil }
        return waiters.remove(at: index)
    }

    /// A new waiter id.
    mutating func issueWaiterID() -> Int {
        defer { nextWaiterID += 1 }
        return nextWaiterID
    }

    /// Registers `action` to start at `instant` (a timer, an alarm); its waiter id.
    mutating func addAction(
        _ action: @escaping @Sendable () async -> Void, at instant: SimulationInstant
    ) -> Int {
        let id = issueWaiterID()
        waiters.append(Waiter(id: id, resumption: .action(action), deadline: instant))
        return id
    }

    mutating func remove(waiter id: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index)
    }
}

/// A wait to end once the lock is released (continuations never resume under the lock).
struct PendingWake {
    var resumption: Waiter.Resumption
    var wake: Wake

    /// Ends the wait; a timer's action starts as a task preferring `executor`, the clock's.
    func resume(preferring executor: SimulationExecutor) {
        switch resumption {
        case .continuation(let continuation): continuation.resume(returning: wake)
        // A timer is only ever removed when due: its action runs (counted as active already).
        case .action(let action): Task(executorPreference: executor, operation: action)
        }
    }
}

extension [PendingWake] {
    func resumeAll(preferring executor: SimulationExecutor) {
        for wake in self { wake.resume(preferring: executor) }
    }
}
