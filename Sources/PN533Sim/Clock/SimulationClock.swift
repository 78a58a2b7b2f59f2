import Locking

/// The clock every simulated chip, the RF field and the host tasks driving them share.
///
/// In `.virtual` mode time stands still while any participant runs and jumps straight to the
/// next deadline once every participant waits on this clock (a sleep, or a channel receive):
/// sleeping 500 ms costs no wall time and two runs give identical timelines. When every
/// participant waits and no deadline is left, the waits fail with `.deadlock` instead of
/// hanging. In `.wall` mode (for outside processes) deadlines are real time.
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
    /// The virtual time, written under `state`'s lock when time advances and read without
    /// it: `now` is asked for far more often than time moves.
    private let publishedNow = PublishedInstant()

    /// Creates a clock at time zero.
    public init(mode: Mode = .virtual) { self.mode = mode }

    public var now: SimulationInstant {
        switch mode {
        case .virtual: publishedNow.load()
        case .wall: wallNow()
        }
    }

    // Out of line: a `ContinuousClock.Instant` on the stack makes a function ask for its
    // type metadata on entry, and `now` is read dozens of times per APDU in virtual mode.
    @inline(never)
    private func wallNow() -> SimulationInstant {
        SimulationInstant(offset: ContinuousClock.now - wallStart)
    }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Whether `instant` has come. Callers run work due at once in place rather than hand
    /// `run(at:on:_:)` a closure: forming one costs an allocation, per frame on the
    /// zero-latency path, and the optimiser does not sink it into the timer branch.
    public func hasCome(_ instant: SimulationInstant) -> Bool { instant <= now }

    /// Sleeps until `deadline`, counting as waiting. Nonsending, as every wait on the clock:
    /// the chips' actors wait without hopping off to the global executor and back.
    public nonisolated(nonsending) func sleep(
        until deadline: SimulationInstant, tolerance: Duration? = nil
    ) async throws {
        // A deadline already reached needs no wait: zero-latency models ask for many.
        if mode == .virtual, deadline <= now {
            if Task.isCancelled { throw SimulationError.cancelled }
            return
        }
        let wake = await wait(deadline: deadline) { _, _ in nil }
        switch wake {
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
        return try await withTaskExecutorPreference(executor) {
            try await linkingCancellation { try await body() }
        }
    }

    /// Starts `body` as a new participant task. It counts as running from this call on, so
    /// time cannot slip past the moment it was started.
    public func spawn<T: Sendable>(
        _ body: @escaping @Sendable () async throws -> T
    ) -> SimulationTask<T> {
        let completion = SimulationChannel<Result<T, any Error>>(clock: self)
        enter()
        let task = Task(executorPreference: executor) { [self] in
            let result: Result<T, any Error>
            do {
                result = .success(try await linkingCancellation { try await body() })
            } catch {
                result = .failure(error)
            }
            completion.send(result)
            leave()
        }
        return SimulationTask(completion: completion, task: task)
    }

    /// Starts `body` as a new participant task whose end nobody awaits: `spawn` without the
    /// channel that hands its result over, for the many short tasks a simulation starts.
    @discardableResult
    public func launch(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        enter()
        return Task(executorPreference: executor) { [self] in
            await linkingCancellation { await body() }
            leave()
        }
    }

    /// Runs `action` as a new participant task once virtual time reaches `instant`; until
    /// then it holds time back no more than a sleeping participant would. For the chips'
    /// scheduled work: a timer costs no task until it fires, and most are cancelled first.
    @discardableResult
    public func schedule(
        at instant: SimulationInstant, _ action: @escaping @Sendable () async -> Void
    ) -> SimulationTimer {
        let body: @Sendable () async -> Void = { [self] in
            await action()
            leave()
        }
        let id: Int? = state.withLock { state in
            if mode == .virtual, instant <= publishedNow.load() {
                state.active += 1
                return nil
            }
            return state.addAction(body, at: instant)
        }
        guard let id else {
            Task(executorPreference: executor, operation: body)
            return SimulationTimer(id: -1)
        }
        if mode == .wall { scheduleWallTimeout(id: id, deadline: instant) }
        return SimulationTimer(id: id)
    }

    /// Drops a scheduled action that has not fired yet.
    public func cancel(_ timer: SimulationTimer) {
        guard timer.id >= 0 else { return }
        let removed = state.withLock { $0.remove(waiter: timer.id) }
        withExtendedLifetime(removed) {}
    }

    /// `launch`, with the task running on the caller's thread at once until it first waits:
    /// work that never waits (an APDU handler answering from memory) is done when this
    /// returns, with no hand-over to another thread.
    @discardableResult
    public func launchImmediately(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>
    {
        enter()
        let run: @Sendable () async -> Void = { [self] in
            await linkingCancellation { await body() }
            leave()
        }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(executorPreference: executor, operation: run)
        }
        return Task(executorPreference: executor, operation: run)
    }

    // MARK: - Participant accounting and waits (shared with SimulationChannel)

    func enter() { state.withLock { $0.active += 1 } }

    func leave() {
        let wakes = state.withLock { state in
            state.active -= 1
            return advanceIfIdle(&state)
        }
        wakes.resumeAll(preferring: executor)
    }

    /// Runs `body` with one cancellation handler for every wait the current task makes on
    /// this clock meanwhile: a participant task's waits then install none of their own,
    /// which cost each wait a status record added and removed under the task's lock and
    /// two executor switches.
    func linkingCancellation<T>(_ body: () async throws -> T) async rethrows -> T {
        let task = Self.currentTask
        state.withLock { $0.linkedTasks.append(task) }
        defer {
            state.withLock { state in
                if let index = state.linkedTasks.firstIndex(of: task) {
                    state.linkedTasks.remove(at: index)
                }
            }
        }
        return try await withTaskCancellationHandler {
            try await body()
        } onCancel: { [self] in
            endWait(with: .failed(.cancelled)) { $0.removeWaiter(ofTask: task) }
        }
    }

    /// The current task's address, only ever compared: what links a task's cancellation to
    /// its waiter (a task waits for one thing at a time). 0 outside a task.
    private static var currentTask: Int {
        // The bits of its one reference: hashing it would cost more than the wait's lock.
        withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: Int.self) } } ?? 0
    }

    /// Suspends until signalled or until `deadline`. `immediate` runs under the lock first:
    /// a non-nil answer returns at once without waiting; otherwise it may record the waiter's
    /// id (for a channel's receiver queue) before the waiter is registered.
    nonisolated(nonsending) func wait(
        deadline: SimulationInstant?,
        _ immediate: (inout ClockState, Int) -> Wake?
    ) async -> Wake {
        // The id is issued before any cancellation handler exists, so that the handler can
        // name its waiter without a shared box to allocate. A cancellation that comes before
        // the waiter is registered finds nothing to remove; the registration then sees the
        // task cancelled (the flag is set before handlers run, and both take the lock).
        let task = Self.currentTask
        let (id, linked) = issueWait(of: task)
        // A participant task's cancellation handler (`linkingCancellation`) covers the wait.
        if linked { return await suspend(id: id, task: task, deadline: deadline, immediate) }
        return await withTaskCancellationHandler {
            await suspend(id: id, task: 0, deadline: deadline, immediate)
        } onCancel: {
            endWait(with: .failed(.cancelled)) { $0.remove(waiter: id) }
        }
    }

    /// A new waiter id, and whether `task` is linked (see `linkingCancellation`).
    private func issueWait(of task: Int) -> (id: Int, linked: Bool) {
        state.withLock { state in
            (state.issueWaiterID(), task != 0 && state.linkedTasks.contains(task))
        }
    }

    /// The wait itself: registers waiter `id` (of `task`, when linked) and suspends.
    @inline(__always)
    private nonisolated(nonsending) func suspend(
        id: Int, task: Int, deadline: SimulationInstant?,
        _ immediate: (inout ClockState, Int) -> Wake?
    ) async -> Wake {
        // Unsafe, not checked: every continuation is resumed exactly once, by whoever removes
        // its waiter under the lock, and the checked kind costs an allocation per wait. The
        // variant that inherits the executor resumes where the wait began, without the two
        // executor switches (at entry and after resumption) of the `isolation:` one.
        await _unsafeInheritExecutor_withUnsafeContinuation { continuation in
            register(
                continuation, id: id, task: task, deadline: deadline, immediate: immediate)
        }
    }

    /// Registers a suspended waiter, or resumes it at once when `immediate` answers, the task
    /// is cancelled or `deadline` has passed; then wakes whoever time moving on ends.
    /// Never inlined into the asynchronous `wait`: there its locals of resilient types (the
    /// wall-clock instants) were five task allocations per wait.
    @inline(never) private func register(
        _ continuation: UnsafeContinuation<Wake, Never>, id: Int, task: Int,
        deadline: SimulationInstant?, immediate: (inout ClockState, Int) -> Wake?
    ) {
        var answer: Wake?
        let wakes: [PendingWake] = state.withLock { state in
            if let now = immediate(&state, id) {
                answer = now
                return []
            }
            if Task.isCancelled {
                answer = .failed(.cancelled)
                return []
            }
            if let deadline, mode == .virtual, deadline <= publishedNow.load() {
                answer = .timedOut
                return []
            }
            state.waiters.append(
                Waiter(
                    id: id, resumption: .continuation(continuation), deadline: deadline,
                    task: task))
            state.active -= 1
            return advanceIfIdle(&state)
        }
        if let answer {
            continuation.resume(returning: answer)
        } else if let deadline, mode == .wall {
            scheduleWallTimeout(id: id, deadline: deadline)
        }
        wakes.resumeAll(preferring: executor)
    }

    /// Moves virtual time to the next deadline while nobody runs; returns the waits to end.
    func advanceIfIdle(_ state: inout ClockState) -> [PendingWake] {
        guard mode == .virtual, state.active == 0, !state.waiters.isEmpty else { return [] }
        var earliest: SimulationInstant?
        for waiter in state.waiters {
            if let deadline = waiter.deadline, earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        let wake: (Waiter) -> PendingWake
        let isDue: (Waiter) -> Bool
        if let next = earliest {
            if next > publishedNow.load() { publishedNow.store(next) }
            wake = { PendingWake(resumption: $0.resumption, wake: .timedOut) }
            isDue = { $0.deadline.map { $0 <= next } ?? false }
        } else {
            // Everybody waits for an event no one is left to cause.
            let at = publishedNow.load()
            wake = { PendingWake(resumption: $0.resumption, wake: .failed(.deadlock(at: at))) }
            isDue = { _ in true }
        }
        // In id order, which is the order the waits began.
        var wakes: [PendingWake] = []
        var kept: [Waiter] = []
        for waiter in state.waiters {
            if isDue(waiter) { wakes.append(wake(waiter)) } else { kept.append(waiter) }
        }
        state.waiters = kept
        state.active += wakes.count
        return wakes
    }

    func scheduleWallTimeout(id: Int, deadline: SimulationInstant) {
        let wallDeadline = wallStart + deadline.offset
        Task { [self] in
            try? await Task.sleep(until: wallDeadline, clock: .continuous)
            endWait(with: .timedOut) { $0.remove(waiter: id) }
        }
    }

    /// Ends, with `wake`, the wait `remove` takes out of the state (if it still waits): its
    /// participant counts as running again. For a cancellation or a wall-clock timeout.
    private func endWait(with wake: Wake, _ remove: (inout ClockState) -> Waiter?) {
        let pending = state.withLock { state in
            remove(&state).map {
                state.active += 1
                return PendingWake(resumption: $0.resumption, wake: wake)
            }
        }
        pending?.resume(preferring: executor)
    }
}

extension SimulationClock {
    /// Runs `work` on `actor` at `instant`: right away when that moment has come (no task,
    /// no wait), else as a timer; the timer, to cancel it, when there is one.
    @discardableResult
    public func run<A: Actor>(
        at instant: SimulationInstant, on actor: isolated A,
        _ work: @escaping @Sendable (isolated A) -> Void
    ) -> SimulationTimer? {
        if hasCome(instant) {
            work(actor)
            return nil
        }
        return schedule(at: instant) { await work(actor) }
    }
}

extension SimulationClock {
    /// Starts a callback-style operation and waits, on the clock, for the one result it
    /// delivers; `nil` when the waiting task is cancelled first.
    public nonisolated(nonsending) func result<T: Sendable>(
        of start: (@escaping @Sendable (T) -> Void) -> Void
    ) async -> T? {
        let channel = SimulationChannel<T>(clock: self)
        start { channel.send($0) }
        return try? await channel.receive(deadline: nil)
    }
}
