import Synchronization
import Testing

@testable import PN533Sim

/// The simulation's one serial executor: actors on it and participant tasks run there, one
/// job at a time, and a woken participant resumes there rather than on the global pool.
@Suite struct SimulationExecutorTests {
    /// A counter isolated to the simulation's executor.
    actor Counter {
        let executor: SimulationExecutor
        var value = 0
        init(executor: SimulationExecutor) { self.executor = executor }
        nonisolated var unownedExecutor: UnownedSerialExecutor {
            executor.asUnownedSerialExecutor()
        }
        func increment() { value += 1 }
    }

    @Test func aParticipantWokenFromAWaitResumesOnTheSimulationsExecutor() async throws {
        let clock = SimulationClock()
        let (before, after) = try await clock.participate {
            let before = clock.executor.isIsolatingCurrentContext()
            try await clock.sleep(for: .milliseconds(5))
            return (before, clock.executor.isIsolatingCurrentContext())
        }
        #expect(before == true)
        #expect(after == true)
        #expect(clock.now == SimulationInstant(offset: .milliseconds(5)))
    }

    @Test func participantTasksNeverRunAtTheSameTime() async throws {
        let clock = SimulationClock()
        let inside = Atomic(0)
        let overlaps = Atomic(0)
        try await clock.participate {
            let tasks = (0..<50).map { _ in
                clock.spawn {
                    for _ in 0..<20 {
                        if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                            overlaps.add(1, ordering: .relaxed)
                        }
                        // Work a thread pool would run in parallel with the other tasks'.
                        var spin = 0
                        for step in 0..<2_000 { spin &+= step }
                        inside.subtract(1, ordering: .sequentiallyConsistent)
                        try await clock.sleep(for: .microseconds(Int64(spin & 7)))
                    }
                }
            }
            for task in tasks { try await task.value }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func workFromTasksOutsideTheSimulationIsAllDone() async {
        let executor = SimulationExecutor(batch: 3)
        let counter = Counter(executor: executor)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    for _ in 0..<25 { await counter.increment() }
                }
            }
        }
        #expect(await counter.value == 1_000)
        #expect(executor.isIsolatingCurrentContext() == false)
    }

    @Test func assumeIsolatedHoldsOnlyOnTheExecutorsOwnThread() async {
        let executor = SimulationExecutor()
        let counter = Counter(executor: executor)
        // A plain test task runs elsewhere: the executor says so.
        #expect(executor.isIsolatingCurrentContext() == false)
        let inside = await counter.addAssumingIsolation(3)
        #expect(inside == 3)
        #expect(await counter.value == 3)
    }
}

extension SimulationExecutorTests.Counter {
    /// Adds `step` through `assumeIsolated`, called from the counter's own isolation as a
    /// chip calls another actor on the executor.
    func addAssumingIsolation(_ step: Int) -> Int {
        Self.add(step, to: self)
    }

    /// What a caller that is not isolated to the counter, yet runs on its executor, does.
    nonisolated static func add(_ step: Int, to counter: SimulationExecutorTests.Counter) -> Int {
        counter.assumeIsolated { counter in
            counter.value += step
            return counter.value
        }
    }
}
