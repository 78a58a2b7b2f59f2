import DequeModule
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
/// Everything in a simulation then runs one job at a time, in the order it was queued: a
/// virtual-clock run is the same every time, and a host woken by a chip does not wake
/// another thread only to queue behind the chip's work.
public final class SimulationExecutor: SerialExecutor, TaskExecutor, Sendable {
    private struct Queue: Sendable {
        var jobs = Deque<UnownedJob>()
        /// Whether a drain is scheduled or running: one at a time.
        var draining = false
    }

    private let queue = Lock(Queue())
    /// The thread draining the queue (its `pthread_t`'s bits), 0 while no drain runs: what
    /// `assumeIsolated` asks, from any thread, without taking the queue's lock.
    private let drainer = Atomic<UInt>(0)
    /// Where drains run: a serial dispatch queue of its own, which is given a thread even
    /// while every thread of Swift's pool is busy (the test suite runs in parallel on two
    /// cores).
    private let drains = DispatchQueue(label: "nfcrig.simulation")
    /// Jobs one drain runs before it hands its thread back and schedules another: a
    /// simulation that never waits must not hold a thread for ever.
    private let batch: Int

    /// An executor with no work.
    public init(batch: Int = 1024) { self.batch = batch }

    /// Queues `job`; the first job after an idle spell schedules a drain.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let schedule = queue.withLock { queue in
            queue.jobs.append(unowned)
            if queue.draining { return false }
            queue.draining = true
            return true
        }
        if schedule { drains.async { [self] in drain() } }
    }

    private func drain() {
        drainer.store(Self.currentThread, ordering: .releasing)
        var ran = 0
        while ran < batch, let job = queue.withLock({ $0.jobs.popFirst() }) {
            // Actor jobs and participant tasks alike run isolated to the simulation: its code
            // is serial anyway, so a participant's calls into the chips need no switch.
            job.runSynchronously(
                isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            ran += 1
        }
        drainer.store(0, ordering: .releasing)
        let again = queue.withLock { queue in
            if queue.jobs.isEmpty { queue.draining = false }
            return queue.draining
        }
        if again { drains.async { [self] in drain() } }
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

    /// Traps unless the calling thread is draining this executor.
    public func checkIsolated() {
        precondition(isIsolatingCurrentContext() == true, "not on the simulation's executor")
    }

    /// The executor, for an actor's `unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
