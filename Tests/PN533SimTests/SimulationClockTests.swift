import Locking
import NFCRigTestSupport
import Synchronization
import Testing

@testable import PN533Sim

@Suite struct SimulationClockTests {
    @Test func sleepingAThousandHoursCostsNoWallTime() async throws {
        let clock = SimulationClock()
        let wall = ContinuousClock.now
        try await clock.participate {
            try await clock.sleep(for: .seconds(3_600_000))
        }
        #expect(clock.now == SimulationInstant(offset: .seconds(3_600_000)))
        // A bound far from both: the suite runs in parallel on two cores (under
        // ThreadSanitizer too), where a busy pool has delayed this test's return to it by
        // over a minute, and a clock that slept for real would take 1,000 hours.
        #expect(ContinuousClock.now - wall < .seconds(600))
    }

    @Test func aReceiverWakesWhenTheSenderSendsAtItsOwnVirtualTime() async throws {
        let clock = SimulationClock()
        let channel = SimulationChannel<String>(clock: clock)
        let (value, at) = try await clock.participate {
            let sender = clock.spawn {
                try await clock.sleep(for: .milliseconds(10))
                channel.send("frame")
            }
            let value = try await channel.receive(timeout: .milliseconds(100))
            let at = clock.now
            try await sender.value
            return (value, at)
        }
        #expect(value == "frame")
        #expect(at == SimulationInstant(offset: .milliseconds(10)))
    }

    @Test func aReceiveTimesOutExactlyAtItsDeadline() async throws {
        let clock = SimulationClock()
        let channel = SimulationChannel<Int>(clock: clock)
        let error = await clock.participate { () -> SimulationError? in
            do throws(SimulationError) {
                _ = try await channel.receive(timeout: .milliseconds(25))
                return nil
            } catch {
                return error
            }
        }
        #expect(error == .timedOut)
        #expect(clock.now == SimulationInstant(offset: .milliseconds(25)))
    }

    @Test func waitingForAnEventNobodyCanSendIsReportedAsADeadlock() async throws {
        let clock = SimulationClock()
        let channel = SimulationChannel<Int>(clock: clock)
        let error = await clock.participate { await channel.errorOfReceive() }
        #expect(error == .deadlock(at: SimulationInstant.zero))
    }

    @Test func queuedElementsAreReceivedInOrderWithoutWaiting() async throws {
        let clock = SimulationClock()
        let channel = SimulationChannel<Int>(clock: clock)
        channel.send(1)
        channel.send(2)
        #expect(channel.pendingCount == 2)
        let first = try await clock.participate { try await channel.receive(deadline: nil) }
        #expect(first == 1)
        #expect(channel.tryReceive() == 2)
        #expect(channel.pendingCount == 0)
        #expect(clock.now == .zero)
    }

    @Test func twoRunsOfTheSameScenarioGiveTheSameTimeline() async throws {
        func scenario() async throws -> [String] {
            let clock = SimulationClock()
            let log = Recorder<String>()
            let ping = SimulationChannel<Int>(clock: clock)
            let pong = SimulationChannel<Int>(clock: clock)
            try await clock.participate {
                let echo = clock.spawn {
                    for _ in 0..<5 {
                        let value = try await ping.receive(timeout: .seconds(1))
                        try await clock.sleep(for: .microseconds(Int64(300 + value)))
                        pong.send(value)
                    }
                }
                for value in 0..<5 {
                    ping.send(value)
                    let answer = try await pong.receive(timeout: .seconds(1))
                    log.record("\(clock.now) \(answer)")
                    try await clock.sleep(for: .milliseconds(1))
                }
                try await echo.value
            }
            return log.all
        }
        let first = try await scenario()
        let second = try await scenario()
        #expect(first.count == 5)
        #expect(first == second)
        #expect(first.first == "t+0.300ms 0")
    }

    @Test func aTasksValueCanBeAwaitedTwice() async throws {
        let clock = SimulationClock()
        let (first, second) = try await clock.participate {
            let task = clock.spawn {
                try await clock.sleep(for: .milliseconds(3))
                return 42
            }
            return (try await task.value, try await task.value)
        }
        #expect(first == 42 && second == 42)
        #expect(clock.now == SimulationInstant(offset: .milliseconds(3)))
    }

    @Test func aCancelledWaitEndsWithCancellation() async throws {
        // Wall mode: in virtual mode a lone waiter with no deadline is a deadlock at once.
        let clock = SimulationClock(mode: .wall)
        let channel = SimulationChannel<Int>(clock: clock)
        let waiter = Task {
            await clock.participate { await channel.errorOfReceive() }
        }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        #expect(await waiter.value == .cancelled)
    }

    @Test func aSpawnedParticipantCancelledWhileWaitingEndsItsWaitWithCancellation() async throws {
        let clock = SimulationClock()
        let channel = SimulationChannel<Int>(clock: clock)
        let outcome = try await clock.participate { () -> SimulationError? in
            let waiter = clock.spawn { await channel.errorOfReceive() }
            // Let it start waiting, then cancel it: its task's one handler ends the wait.
            try await clock.sleep(for: .milliseconds(1))
            waiter.cancel()
            return try await waiter.value
        }
        #expect(outcome == .cancelled)
        #expect(clock.now == SimulationInstant(offset: .milliseconds(1)))
    }

    @Test func aWaitOfATaskTheClockDidNotStartIsCancelledByItsOwnHandler() async throws {
        let clock = SimulationClock(mode: .wall)
        let channel = SimulationChannel<Int>(clock: clock)
        let waiter = Task { await channel.errorOfReceive() }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        #expect(await waiter.value == .cancelled)
    }

    @Test func wallModeSleepsInRealTime() async throws {
        let clock = SimulationClock(mode: .wall)
        let wall = ContinuousClock.now
        try await clock.participate { try await clock.sleep(for: .milliseconds(30)) }
        #expect(ContinuousClock.now - wall >= .milliseconds(30))
        #expect(clock.now >= SimulationInstant(offset: .milliseconds(30)))
    }

    @Test func wallModeReceiveTimesOut() async throws {
        let clock = SimulationClock(mode: .wall)
        let channel = SimulationChannel<Int>(clock: clock)
        let error = await clock.participate { () -> SimulationError? in
            do throws(SimulationError) {
                _ = try await channel.receive(timeout: .milliseconds(20))
                return nil
            } catch {
                return error
            }
        }
        #expect(error == .timedOut)
    }
}

extension SimulationClockTests {
    @Test func aChannelDroppedWithUnreadChannelsInsideReleasesThemSafely() async throws {
        let clock = SimulationClock()
        weak var released: SimulationChannel<Int>?
        do {
            let outer = SimulationChannel<SimulationChannel<Int>>(clock: clock)
            let inner = SimulationChannel<Int>(clock: clock)
            released = inner
            inner.send(1)
            outer.send(inner)
        }
        // Reaching here means the nested deinit did not re-enter the clock's lock.
        #expect(released == nil)
        #expect(clock.state.withLock { $0.waits.isEmpty })
    }
}
