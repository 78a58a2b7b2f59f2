import NFCRigTestSupport
import Testing

@testable import PN533Sim

/// Scheduled actions: the chips' way to let time pass without a task waiting.
@Suite struct SimulationTimerTests {
    /// Notes the instants scheduled actions ran at; an actor, as `run(at:on:)` runs on one.
    actor InstantLog {
        var instants: [SimulationInstant] = []
        func note(_ instant: SimulationInstant) { instants.append(instant) }
    }

    @Test func aScheduledActionRunsWhenVirtualTimeReachesIt() async throws {
        let clock = SimulationClock()
        let recorder = InstantLog()
        let channel = SimulationChannel<Int>(clock: clock)
        clock.schedule(at: SimulationInstant(offset: .milliseconds(3))) {
            await recorder.note(clock.now)
            channel.send(1)
        }
        let received = try await clock.participate { try await channel.receive(deadline: nil) }
        #expect(received == 1)
        #expect(await recorder.instants == [SimulationInstant(offset: .milliseconds(3))])
    }

    @Test func aCancelledActionNeverRunsAndHoldsNoTimeBack() async throws {
        let clock = SimulationClock()
        let ran = Locked(false)
        let timer = clock.schedule(at: SimulationInstant(offset: .milliseconds(50))) {
            ran.withLock { $0 = true }
        }
        clock.cancel(timer)
        let error = await clock.waitForNothing()
        // With the timer gone nothing can happen: the wait is a deadlock at time zero.
        #expect(error == .deadlock(at: .zero))
        #expect(ran.value == false)
    }

    @Test func workDueNowRunsAtOnceOnTheActorAndLaterWorkWaitsForItsInstant() async throws {
        let clock = SimulationClock()
        let recorder = InstantLog()
        let done = SimulationChannel<Void>(clock: clock)
        try await clock.participate {
            await recorder.runBoth(clock: clock, done: done)
            // The work due now ran before `run` returned; the later one is still to come.
            #expect(await recorder.instants == [.zero])
            try await done.receive(deadline: nil)
        }
        #expect(
            await recorder.instants == [.zero, SimulationInstant(offset: .microseconds(250))])
    }

    @Test func workLaunchedImmediatelyThatNeverWaitsIsDoneWhenTheLaunchReturns() async throws {
        let clock = SimulationClock()
        let answers = SimulationChannel<Int>(clock: clock)
        let queuedAtOnce = await clock.participate { () -> Int in
            clock.launchImmediately { answers.send(7) }
            return answers.pendingCount
        }
        #expect(queuedAtOnce == 1)
        #expect(answers.tryReceive() == 7)
    }

    @Test func aResultDeliveredByACallbackIsAwaitedOnTheClock() async throws {
        let clock = SimulationClock()
        let value = await clock.participate { () -> Int? in
            await clock.result { (done: @escaping @Sendable (Int) -> Void) in
                clock.schedule(at: SimulationInstant(offset: .milliseconds(7))) { done(42) }
            }
        }
        #expect(value == 42)
        #expect(clock.now == SimulationInstant(offset: .milliseconds(7)))
    }
}

extension SimulationTimerTests.InstantLog {
    func runBoth(clock: SimulationClock, done: SimulationChannel<Void>) {
        let immediate = clock.run(at: .zero, on: self) { $0.note(clock.now) }
        #expect(immediate == nil)
        let later = clock.run(at: SimulationInstant(offset: .microseconds(250)), on: self) {
            $0.note(clock.now)
            done.send(())
        }
        #expect(later != nil)
    }
}
