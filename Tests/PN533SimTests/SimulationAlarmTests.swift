import NFCRigTestSupport
import Testing

@testable import PN533Sim

/// Alarms: one deadline set, moved and cleared again and again (a frame's waiting time).
@Suite struct SimulationAlarmTests {
    static func at(_ milliseconds: Int64) -> SimulationInstant {
        SimulationInstant(offset: .milliseconds(milliseconds))
    }

    /// An alarm that notes the time each time it goes off, then signals `rang`.
    static func recordingAlarm(
        on clock: SimulationClock
    ) -> (
        alarm: SimulationAlarm, recorder: Recorder<SimulationInstant>, rang: SimulationChannel<Void>
    ) {
        let recorder = Recorder<SimulationInstant>()
        let rang = SimulationChannel<Void>(clock: clock)
        let alarm = clock.makeAlarm {
            recorder.record(clock.now)
            rang.send(())
        }
        return (alarm, recorder, rang)
    }

    @Test func anAlarmGoesOffAtItsLatestDeadlineOnly() async throws {
        let clock = SimulationClock()
        let (alarm, recorder, rang) = Self.recordingAlarm(on: clock)
        clock.set(alarm, at: Self.at(5))
        clock.set(alarm, at: Self.at(8))
        try await clock.participate { try await rang.receive(deadline: nil) }
        #expect(recorder.all == [Self.at(8)])
    }

    @Test func aClearedAlarmNeverGoesOffAndHoldsNoTimeBack() async throws {
        let clock = SimulationClock()
        let rang = Locked(0)
        let alarm = clock.makeAlarm { rang.withLock { $0 += 1 } }
        clock.set(alarm, at: Self.at(5))
        clock.clear(alarm)
        clock.clear(alarm)
        let error = await clock.waitForNothing()
        #expect(error == .deadlock(at: .zero))
        #expect(rang.value == 0)
    }

    @Test func anAlarmThatWentOffCanBeSetAgain() async throws {
        let clock = SimulationClock()
        let (alarm, recorder, rang) = Self.recordingAlarm(on: clock)
        try await clock.participate {
            clock.set(alarm, at: Self.at(2))
            try await rang.receive(deadline: nil)
            // The alarm's old waiter is gone; clearing it is harmless, setting it arms anew.
            clock.clear(alarm)
            clock.set(alarm, at: Self.at(7))
            try await rang.receive(deadline: nil)
        }
        #expect(recorder.all == [Self.at(2), Self.at(7)])
    }

    @Test func inWallModeAnAlarmGoesOffInRealTime() async throws {
        let clock = SimulationClock(mode: .wall)
        let done = SimulationChannel<SimulationInstant>(clock: clock)
        let alarm = clock.makeAlarm { done.send(clock.now) }
        clock.set(alarm, at: Self.at(20))
        // A generous bound: in the parallel suite the pool's threads can all be busy for
        // seconds, and the alarm's timer waits for one like the receive's does.
        let rang = try await clock.participate { try await done.receive(timeout: .seconds(120)) }
        #expect(rang >= Self.at(20))
    }
}
