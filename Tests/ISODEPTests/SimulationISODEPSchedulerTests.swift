import ISODEP
import ISODEPSimulation
import PN533Sim
import Testing

/// ISO-DEP time on the simulation clock: when a handler's answer is there for the card.
@Suite struct SimulationISODEPSchedulerTests {
    @Test func aHandlerThatNeverWaitsHasAnsweredBeforeTheCardAsks() async {
        let clock = SimulationClock()
        let scheduler = SimulationISODEPScheduler(clock: clock)
        let answer = await clock.participate {
            let pending = scheduler.start { [0x90, 0x00] }
            return await pending.value(before: .zero)
        }
        #expect(answer == [0x90, 0x00])
    }

    @Test func aSlowHandlerMissesAnEarlyDeadlineAndIsCollectedLaterAndAgain() async {
        let clock = SimulationClock()
        let scheduler = SimulationISODEPScheduler(clock: clock)
        let answers = await clock.participate {
            let pending = scheduler.start {
                await scheduler.sleep(for: .milliseconds(10))
                return [0x6A, 0x82]
            }
            let early = await pending.value(before: .milliseconds(4))
            let atEarly = clock.now.offset
            let late = await pending.value(before: nil)
            let atLate = clock.now.offset
            let again = await pending.value(before: .zero)
            return (early, atEarly, late, atLate, again)
        }
        #expect(answers.0 == nil)
        #expect(answers.1 == .milliseconds(4))
        #expect(answers.2 == [0x6A, 0x82])
        #expect(answers.3 == .milliseconds(10))
        #expect(answers.4 == [0x6A, 0x82])
    }
}
