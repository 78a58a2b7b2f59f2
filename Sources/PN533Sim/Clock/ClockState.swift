import HeapModule

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
    /// The wait's id: its place in the order waits began.
    var id: Int
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

/// Where a timed wait sits in the clock's heap: earliest deadline first, and among equal
/// deadlines the wait that began first.
struct Deadline: Comparable {
    var instant: SimulationInstant
    var id: Int

    static func < (lhs: Deadline, rhs: Deadline) -> Bool {
        (lhs.instant, lhs.id) < (rhs.instant, rhs.id)
    }
}

/// What the clock keeps behind its lock: virtual time, how many participants are running,
/// and every wait. "Nobody runs, so time moves on" is decided under that one lock.
struct ClockState {
    /// Virtual time (unused on a wall clock).
    var now = SimulationInstant.zero
    /// Participants running, that is not waiting on the clock.
    var running = 0
    /// Waits failed as a deadlock so far: each one is work that could never finish.
    private(set) var deadlockedWaits = 0
    private var nextID = 0
    /// Every wait, by id.
    private(set) var waits: [Int: Wait] = [:]
    /// The deadlines of timed waits, earliest on top. A wait that ends before its deadline
    /// (a channel's element arrived, a timer was cancelled: most of them) leaves its entry
    /// behind, as a heap cannot take out an entry in the middle; such stale entries are
    /// dropped when they reach the top, and all at once when they are half the heap.
    private var deadlines = Heap<Deadline>()
    private var staleDeadlines = 0

    mutating func issueID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    mutating func add(_ wait: Wait) {
        waits[wait.id] = wait
        if let instant = wait.deadline { deadlines.insert(Deadline(instant: instant, id: wait.id)) }
    }

    /// Takes wait `id` out, if it still waits.
    mutating func remove(_ id: Int) -> Wait? {
        guard let wait = waits.removeValue(forKey: id) else { return nil }
        if wait.deadline != nil {
            staleDeadlines += 1
            if staleDeadlines > 64, staleDeadlines * 2 > deadlines.count { rebuildDeadlines() }
        }
        return wait
    }

    /// Ends wait `id` with `wake`, if it still waits: it counts as running again.
    mutating func end(_ id: Int, with wake: Wake) -> EndedWait? {
        guard let wait = remove(id) else { return nil }
        running += 1
        return EndedWait(id: id, resumption: wait.resumption, wake: wake)
    }

    /// When nobody runs on a virtual clock: moves time to the earliest deadline and ends the
    /// waits due then, or, with no deadline left, fails every wait as a deadlock.
    mutating func advanceIfIdle() -> [EndedWait] {
        guard running == 0, !waits.isEmpty else { return [] }
        var ended: [EndedWait] = []
        if let next = earliestDeadline() {
            now = max(now, next.instant)
            while let due = earliestDeadline(), due.instant <= next.instant {
                deadlines.removeMin()
                if let wait = waits.removeValue(forKey: due.id) {
                    ended.append(
                        EndedWait(id: due.id, resumption: wait.resumption, wake: .timedOut))
                }
            }
        } else {
            // Everybody waits for something no one is left to do.
            for wait in waits.values.sorted(by: { $0.id < $1.id }) {
                ended.append(
                    EndedWait(
                        id: wait.id, resumption: wait.resumption,
                        wake: .failed(.deadlock(at: now))))
            }
            deadlockedWaits += waits.count
            waits = [:]
        }
        running += ended.count
        return ended
    }

    /// What still waits: scheduled actions not started and suspended participants.
    var leftovers: SimulationLeftovers {
        var leftovers = SimulationLeftovers(running: running, deadlockedWaits: deadlockedWaits)
        for wait in waits.values.sorted(by: { $0.id < $1.id }) {
            switch wait.resumption {
            case .timer: leftovers.scheduledActions.append(wait.deadline ?? now)
            case .participant: leftovers.waitingParticipants.append(wait.deadline)
            }
        }
        return leftovers
    }

    /// Entries in the heap of deadlines, stale ones included: for tests of its upkeep.
    var heapCount: Int { deadlines.count }

    /// The earliest deadline of a wait that still waits, dropping stale entries above it.
    private mutating func earliestDeadline() -> Deadline? {
        while let top = deadlines.min {
            if waits[top.id] != nil { return top }
            deadlines.removeMin()
            staleDeadlines -= 1
        }
        return nil
    }

    private mutating func rebuildDeadlines() {
        deadlines = Heap(
            waits.values.compactMap { wait in
                wait.deadline.map { Deadline(instant: $0, id: wait.id) }
            })
        staleDeadlines = 0
    }
}
