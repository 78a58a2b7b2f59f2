import Dispatch
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one serial executor a simulation runs on: the RF field, its chips and the hosts
/// driving them, and, as their preferred task executor, the participant tasks' nonisolated
/// code and continuation resumes.
///
/// With the default actor executors, a host woken from a wait (a continuation resumed by a
/// chip) resumes on the global pool: another thread wakes up (a futex call each way) only to
/// find the chips' actor busy and queue itself behind it. Here every such job goes into one
/// queue that the thread already running the simulation drains: the hand-over between the
/// reader's and the tag's hosts costs an append, not a thread switch.
public final class SimulationExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    // @unchecked: all mutable state is inside the mutex.
    private struct Queue: ~Copyable {
        var jobs = FIFOQueue<UnownedJob>()
        var scheduled = false
    }

    private let queue = Lock(Queue())
    /// The thread draining the queue (its `pthread_t`'s bits), 0 while no drain runs: an
    /// atomic rather than under the lock, as the chips ask for it at every frame.
    private let drainer = Atomic<UInt>(0)
    /// Where drains run: a serial dispatch queue of its own, which is given a thread even
    /// while every thread of Swift's pool is busy (the test suite runs in parallel on two
    /// cores), rather than the pool itself.
    private let drains = DispatchQueue(label: "nfcrig.simulation")
    /// Jobs one drain runs before it hands its thread back and schedules another: a
    /// simulation that never waits must not hold a thread for ever.
    private let batch: Int

    /// An executor with no work.
    public init(batch: Int = 1024) { self.batch = batch }

    /// Queues `job`; one drain at a time runs the queue, and only the first job after an idle
    /// spell schedules one.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let schedule = queue.withLock { queue in
            queue.jobs.append(unowned)
            if queue.scheduled { return false }
            queue.scheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    private func scheduleDrain() {
        drains.async { [self] in drain() }
    }

    private func drain() {
        let serial = asUnownedSerialExecutor()
        let task = asUnownedTaskExecutor()
        drainer.store(Self.currentThread, ordering: .releasing)
        var ran = 0
        while ran < batch, let job = next() {
            // One way for every job, actor or task: a participant's nonisolated code runs
            // isolated to the simulation too (it is serial anyway), so its calls into the
            // chips and the field need no switch.
            job.runSynchronously(isolatedTo: serial, taskExecutor: task)
            ran += 1
        }
        drainer.store(0, ordering: .releasing)
        let again = queue.withLock { queue in
            if !queue.jobs.isEmpty { return true }
            queue.scheduled = false
            return false
        }
        if again { scheduleDrain() }
    }

    private func next() -> UnownedJob? {
        queue.withLock { $0.jobs.popFirst() }
    }

    /// Whether the calling thread is draining this executor: for `assumeIsolated` where the
    /// run time cannot tell from its own records.
    public func isIsolatingCurrentContext() -> Bool? {
        // Only this thread stores its own id there, so a match cannot be stale.
        drainer.load(ordering: .acquiring) == Self.currentThread
    }

    private static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            pthread_self()
        #endif
    }

    /// `body(actor, argument)` isolated to `actor`, which runs on this executor, when the
    /// calling thread is draining it; `nil`, without calling `body`, otherwise.
    ///
    /// `assumeIsolated` for a caller that may run elsewhere and has a way round for that
    /// case: no trap, and no closure context to allocate (`body` should capture nothing;
    /// escaping, as a non-escaping one would be boxed for the escape check).
    @inline(__always)
    func runInPlace<A: Actor, Argument, Result>(
        on actor: A, _ argument: Argument, _ body: @escaping (isolated A, Argument) -> Result
    ) -> Result? {
        guard isIsolatingCurrentContext() == true else { return nil }
        // Safe: the check above is what `isolated A` promises (the actor's executor is this
        // one); the two function types differ only in that annotation, as in the standard
        // library's own `assumeIsolated`.
        return unsafeBitCast(body, to: ((A, Argument) -> Result).self)(actor, argument)
    }

    /// `body(actor, argument)` isolated to `actor`, which runs on this executor; traps unless
    /// the calling thread is draining it. `assumeIsolated` without its closure context
    /// allocation (two per frame on the chips' synchronous paths): pass what `body` needs as
    /// `argument` rather than capturing it.
    @inline(__always)
    func runIsolated<A: Actor, Argument, Result>(
        on actor: A, _ argument: Argument, _ body: @escaping (isolated A, Argument) -> Result
    ) -> Result {
        guard let result = runInPlace(on: actor, argument, body) else {
            preconditionFailure("not on the simulation's executor")
        }
        return result
    }

    /// Traps unless the calling thread is draining this executor.
    public func checkIsolated() {
        precondition(isIsolatingCurrentContext() == true, "not on the simulation's executor")
    }

    /// The executor, for an actor's `unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
