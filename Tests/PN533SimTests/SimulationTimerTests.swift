import Locking
import Testing

@testable import PN533Sim

/// Scheduled actions: the chips' way to let time pass without a task waiting.
@Suite struct SimulationTimerTests {
    actor Recorder {
        var instants: [SimulationInstant] = []
        func note(_ instant: SimulationInstant) { instants.append(instant) }
    }

    static func at(_ milliseconds: Int64) -> SimulationInstant {
        SimulationInstant(offset: .milliseconds(milliseconds))
    }

    @Test func aScheduledActionRunsWhenVirtualTimeReachesIt() async throws {
        let clock = SimulationClock()
        let recorder = Recorder()
        let channel = SimulationChannel<Int>(clock: clock)
        clock.schedule(at: Self.at(3)) {
            await recorder.note(clock.now)
            channel.send(1)
        }
        let received = try await clock.participate { try await channel.receive(deadline: nil) }
        #expect(received == 1)
        #expect(await recorder.instants == [Self.at(3)])
    }

    @Test func aCancelledActionNeverRunsAndHoldsNoTimeBack() async throws {
        let clock = SimulationClock()
        let ran = Lock(false)
        let timer = clock.schedule(at: Self.at(50)) { ran.withLock { $0 = true } }
        clock.cancel(timer)
        // Cancelling twice is harmless.
        clock.cancel(timer)
        let error = await clock.waitForNothing()
        // With the timer gone nothing can happen: the wait is a deadlock at time zero.
        #expect(error == .deadlock(at: .zero))
        #expect(ran.withLock { $0 } == false)
    }

    @Test func aDeadlineMovedLaterGoesOffAtTheLaterInstantOnly() async throws {
        let clock = SimulationClock()
        let recorder = Recorder()
        let rang = SimulationChannel<Void>(clock: clock)
        let early = clock.schedule(at: Self.at(5)) {
            await recorder.note(clock.now)
            rang.send(())
        }
        clock.cancel(early)
        clock.schedule(at: Self.at(8)) {
            await recorder.note(clock.now)
            rang.send(())
        }
        try await clock.participate { try await rang.receive(deadline: nil) }
        #expect(await recorder.instants == [Self.at(8)])
    }

    @Test func cancellingATimerThatWentOffIsHarmless() async throws {
        let clock = SimulationClock()
        let recorder = Recorder()
        let rang = SimulationChannel<Void>(clock: clock)
        try await clock.participate {
            let first = clock.schedule(at: Self.at(2)) {
                await recorder.note(clock.now)
                rang.send(())
            }
            try await rang.receive(deadline: nil)
            clock.cancel(first)
            clock.schedule(at: Self.at(7)) {
                await recorder.note(clock.now)
                rang.send(())
            }
            try await rang.receive(deadline: nil)
        }
        #expect(await recorder.instants == [Self.at(2), Self.at(7)])
    }

    @Test func inWallModeATimerGoesOffInRealTime() async throws {
        let clock = SimulationClock(mode: .wall)
        let done = SimulationChannel<SimulationInstant>(clock: clock)
        clock.schedule(at: Self.at(20)) { done.send(clock.now) }
        // A generous bound: in the parallel suite the pool's threads can all be busy for
        // seconds, and the timer's wall-clock wait needs one like the receive's does.
        let rang = try await clock.participate { try await done.receive(timeout: .seconds(120)) }
        #expect(rang >= Self.at(20))
    }
}
