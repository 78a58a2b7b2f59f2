/// How a wait ended.
enum Wake: Sendable {
    /// Whoever the participant waited for signalled it (a channel's element is there for
    /// it to take).
    case signaled
    /// Its deadline came first.
    case timedOut
    /// It was cancelled, or nothing could ever wake it (a deadlock).
    case failed(SimulationError)
}

/// An action scheduled with `SimulationClock.schedule(at:_:)`, for cancelling it.
public struct SimulationTimer: Sendable, Hashable {
    let id: Int
}

/// Something waiting on the clock: a suspended participant, or a timer's action that has
/// not started yet.
struct Wait {
    enum Resumption {
        case participant(CheckedContinuation<Wake, Never>)
        case timer(@Sendable () async -> Void)
    }

    /// Issued in ascending order, so that waits that end together end in the order they
    /// began, and every run of a scenario gives the same timeline.
    var id: Int
    var deadline: SimulationInstant?
    var resumption: Resumption
}

/// A wait that has ended, to be resumed once the clock's lock is released.
struct EndedWait {
    var resumption: Wait.Resumption
    var wake: Wake

    /// Resumes the participant, or starts the timer's action as a task on `executor`.
    func resume(preferring executor: SimulationExecutor) {
        switch resumption {
        case .participant(let continuation): continuation.resume(returning: wake)
        case .timer(let action): Task(executorPreference: executor, operation: action)
        }
    }
}

/// What the clock keeps behind its lock: virtual time, how many participants are running,
/// and every wait. "Nobody runs, so time moves on" is decided under that one lock.
struct ClockState {
    /// Virtual time (unused on a wall clock).
    var now = SimulationInstant.zero
    /// Participants running, that is not waiting on the clock.
    var running = 0
    private var nextID = 0
    /// Every wait, in the order it began; a simulation has a few at a time.
    private(set) var waits: [Wait] = []

    mutating func issueID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    mutating func add(_ wait: Wait) { waits.append(wait) }

    /// Takes wait `id` out, if it still waits.
    mutating func remove(_ id: Int) -> Wait? {
        guard let index = waits.firstIndex(where: { $0.id == id }) else { return nil }
        return waits.remove(at: index)
    }

    /// Ends wait `id` with `wake`, if it still waits: it counts as running again.
    mutating func end(_ id: Int, with wake: Wake) -> EndedWait? {
        guard let wait = remove(id) else { return nil }
        running += 1
        return EndedWait(resumption: wait.resumption, wake: wake)
    }

    /// When nobody runs on a virtual clock: moves time to the earliest deadline and ends the
    /// waits due then, or, with no deadline left, fails every wait as a deadlock.
    mutating func advanceIfIdle() -> [EndedWait] {
        guard running == 0, !waits.isEmpty else { return [] }
        let wake: Wake
        let isDue: (Wait) -> Bool
        if let next = waits.compactMap(\.deadline).min() {
            now = max(now, next)
            wake = .timedOut
            isDue = { $0.deadline.map { $0 <= next } ?? false }
        } else {
            // Everybody waits for something no one is left to do.
            wake = .failed(.deadlock(at: now))
            isDue = { _ in true }
        }
        var ended: [EndedWait] = []
        var kept: [Wait] = []
        for wait in waits {
            if isDue(wait) {
                ended.append(EndedWait(resumption: wait.resumption, wake: wake))
            } else {
                kept.append(wait)
            }
        }
        waits = kept
        running += ended.count
        return ended
    }
}
