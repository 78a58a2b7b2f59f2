import Locking

/// The clock every simulated chip, the RF field and the host tasks driving them share.
///
/// In `.virtual` mode time stands still while any participant runs and jumps straight to the
/// next deadline once every participant waits on this clock (a sleep, a channel receive):
/// sleeping 500 ms costs no wall time and two runs give identical timelines. When every
/// participant waits and no deadline is left, the waits fail with `.deadlock` instead of
/// hanging. In `.wall` mode (for outside processes) deadlines are real time.
///
/// Work joins the simulation in three ways: `participate` (the calling task takes part),
/// `spawn` (a new participant task) and `schedule` (an action at a given instant).
///
/// - Warning: in virtual mode, code that waits on anything but this clock (a plain
///   `Task.sleep`, awaiting another participant's task directly) stalls time: join tasks
///   with `spawn(_:)`'s handle and exchange data through `SimulationChannel`.
public final class SimulationClock: Clock, Sendable {
    /// How deadlines relate to real time.
    public enum Mode: Sendable, Hashable {
        /// Time advances only when every participant waits.
        case virtual
        /// Time is the wall clock since the simulation started.
        case wall
    }

    /// The mode chosen at creation.
    public let mode: Mode
    let state = Lock(ClockState())
    /// The serial executor the field, its chips and the participant tasks run on.
    public let executor = SimulationExecutor()
    private let wallStart = ContinuousClock.now

    /// Creates a clock at time zero.
    public init(mode: Mode = .virtual) { self.mode = mode }

    public var now: SimulationInstant {
        switch mode {
        case .virtual: state.withLock { $0.now }
        case .wall: SimulationInstant(offset: ContinuousClock.now - wallStart)
        }
    }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Whether `instant` has come: work due now is done in place rather than scheduled.
    public func hasCome(_ instant: SimulationInstant) -> Bool { instant <= now }

    /// Sleeps until `deadline`, counting as waiting. Nonsending, as every wait on the clock:
    /// an actor that sleeps resumes on itself, without a hop to the global executor and back.
    public nonisolated(nonsending) func sleep(
        until deadline: SimulationInstant, tolerance: Duration? = nil
    ) async throws {
        switch await wait(deadline: deadline, { enlist($0) }) {
        case .timedOut, .signaled: return
        case .failed(let error): throw error
        }
    }

    /// Runs `body` as a participant: while it runs (between waits on this clock), virtual
    /// time stands still. It prefers the simulation's executor, as every participant task.
    @discardableResult
    public func participate<T: Sendable>(
        _ body: @Sendable () async throws -> T
    ) async rethrows -> T {
        enter()
        defer { leave() }
        return try await withTaskExecutorPreference(executor) { try await body() }
    }

    /// Starts `body` as a new participant task. It counts as running from this call on, so
    /// time cannot slip past the moment it was started.
    @discardableResult
    public func spawn<T: Sendable>(
        _ body: @escaping @Sendable () async throws -> T
    ) -> SimulationTask<T> {
        let completion = SimulationChannel<Result<T, any Error>>(clock: self)
        enter()
        let task = Task(executorPreference: executor) { [self] in
            let result: Result<T, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            completion.send(result)
            leave()
        }
        return SimulationTask(completion: completion, task: task)
    }

    /// Runs `action` as a new participant task once time reaches `instant`; until then it
    /// holds time back no more than a sleeping participant would. For the chips' scheduled
    /// work: most of it is cancelled before it is due.
    @discardableResult
    public func schedule(
        at instant: SimulationInstant, _ action: @escaping @Sendable () async -> Void
    ) -> SimulationTimer {
        let body: @Sendable () async -> Void = { [self] in
            await action()
            leave()
        }
        let id = state.withLock { state in
            let id = state.issueID()
            state.add(Wait(id: id, deadline: instant, resumption: .timer(body)))
            return id
        }
        if mode == .wall { endAtWallDeadline(id, instant) }
        return SimulationTimer(id: id)
    }

    /// Drops a scheduled action that has not started yet.
    public func cancel(_ timer: SimulationTimer) {
        let removed = state.withLock { $0.remove(timer.id) }
        // The action is released here, outside the lock.
        withExtendedLifetime(removed) {}
    }

    /// What the simulation has still to do now (participants running or waiting, scheduled
    /// actions not started) and the waits it failed as deadlocks. On a virtual clock, once
    /// nobody participates, time runs every scheduled action and fails every wait left as a
    /// deadlock: judged after that, left-over work shows as deadlocked waits.
    public var leftovers: SimulationLeftovers { state.withLock { $0.leftovers } }

    // MARK: - Participants and waits (shared with SimulationChannel)

    func enter() { state.withLock { $0.running += 1 } }

    func leave() {
        let ended = state.withLock { state in
            state.running -= 1
            return mode == .virtual ? state.advanceIfIdle() : []
        }
        for wait in ended { wait.resume(preferring: executor) }
    }

    /// Suspends the calling participant until its wait ends: `register` is handed the wait
    /// (not registered yet) and either answers at once or registers it, with `enlist`, under
    /// whatever lock its own state needs. A cancelled task's wait ends with `.cancelled`.
    nonisolated(nonsending) func wait(
        deadline: SimulationInstant?, _ register: (Wait) -> Wake?
    ) async -> Wake {
        let id = state.withLock { $0.issueID() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let wait = Wait(id: id, deadline: deadline, resumption: .participant(continuation))
                if let wake = register(wait) { continuation.resume(returning: wake) }
            }
        } onCancel: {
            // Before the wait is registered this finds nothing; `enlist` then sees the task
            // cancelled (the flag is set before handlers run, and both take the lock).
            let ended = state.withLock { $0.end(id, with: .failed(.cancelled)) }
            ended?.resume(preferring: executor)
        }
    }

    /// Registers `wait`, the calling participant's, unless it is over already (cancelled, or
    /// its deadline come): then the answer. Registering may let virtual time move on.
    func enlist(_ wait: Wait) -> Wake? {
        var answer: Wake?
        let ended: [EndedWait] = state.withLock { state in
            if Task.isCancelled {
                answer = .failed(.cancelled)
                return []
            }
            if mode == .virtual, let deadline = wait.deadline, deadline <= state.now {
                answer = .timedOut
                return []
            }
            state.add(wait)
            state.running -= 1
            return mode == .virtual ? state.advanceIfIdle() : []
        }
        if answer == nil, mode == .wall, let deadline = wait.deadline {
            endAtWallDeadline(wait.id, deadline)
        }
        for wait in ended { wait.resume(preferring: executor) }
        return answer
    }

    /// Ends wait `id` with `wake` (when it still waits) on behalf of whoever it waited for,
    /// and hands back its participant's continuation to resume: a channel's send.
    func claim(_ id: Int) -> CheckedContinuation<Wake, Never>? {
        state.withLock { state in
            switch state.end(id, with: .signaled)?.resumption {
            case .participant(let continuation): continuation
            // A channel's receivers are participants, never timers.
            case .timer, nil: nil
            }
        }
    }

    /// On a wall clock, ends wait `id` at `deadline` of real time, unless it ended before.
    private func endAtWallDeadline(_ id: Int, _ deadline: SimulationInstant) {
        let wallDeadline = wallStart + deadline.offset
        Task { [self] in
            try? await Task.sleep(until: wallDeadline, clock: .continuous)
            let ended = state.withLock { $0.end(id, with: .timedOut) }
            ended?.resume(preferring: executor)
        }
    }
}
