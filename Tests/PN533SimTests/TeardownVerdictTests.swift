import PN533
import SimulatedRigSupport
import Testing

@testable import PN533Sim

/// The teardown verdict: what a simulation had left to do when its test ended.
@Suite struct TeardownVerdictTests: OnSimulatedRig {
    let simulated = SimulatedRig()

    @Test func anExchangeEndedInOrderLeavesNothing() async throws {
        try await participate {
            try await reader.open()
            _ = try await reader.firmwareVersion()
        }
        let left = await simulated.finish()
        #expect(left.isClean, "\(left)")
        #expect(left.description == "nothing left over")
    }

    @Test func aResponseTheHostNeverReadIsReportedForItsChip() async throws {
        let transport = readerChip.transport()
        try await participate {
            try await transport.send(try PN533Frame.command(.getFirmwareVersion).encode())
            try await clock.sleep(for: .milliseconds(5))
        }
        let left = await simulated.finish()
        // The ACK and the response.
        #expect(left.unreadFrames == ["reader": 2])
        #expect(!left.isClean)
        #expect(left.description == "2 frame(s) from reader never read by its host")
    }

    @Test func anActionScheduledAndNotYetDueIsReportedWithItsDueTime() async throws {
        let due = SimulationInstant(offset: .milliseconds(7))
        let left = await clock.participate {
            clock.schedule(at: due) {}
            return simulated.leftovers()
        }
        #expect(left.scheduledActions == [due])
        #expect(!left.isClean)
    }

    @Test func aParticipantStillWaitingIsReportedWithItsDeadline() async throws {
        let never = SimulationChannel<Void>(clock: clock)
        let deadline = SimulationInstant(offset: .seconds(1))
        let left = await clock.participate {
            let waiting = clock.spawn { try await never.receive(deadline: deadline) }
            // Lets the spawned participant start its wait.
            try? await clock.sleep(for: .microseconds(1))
            let left = simulated.leftovers()
            waiting.cancel()
            return left
        }
        #expect(left.waitingParticipants == [deadline])
        #expect(left.running == 0)
    }

    @Test func aHostStillRunningAtTheVerdictIsStoppedFirst() async throws {
        let never = SimulationChannel<Void>(clock: clock)
        let host = simulated.host { try await never.receive(deadline: nil) }
        let left = try await participate {
            try await clock.sleep(for: .milliseconds(1))
            await simulated.hosts.stopAll()
            return simulated.leftovers()
        }
        #expect(left.isClean, "\(left)")
        await #expect(throws: SimulationError.cancelled) { try await host.value }
    }

    @Test func aHostLeftWaitingWhenTheTestLetGoOfTheClockIsReportedAsADeadlock() async throws {
        let never = SimulationChannel<Void>(clock: clock)
        let host = simulated.host { try await never.receive(deadline: nil) }
        try await participate { try await clock.sleep(for: .milliseconds(1)) }
        let left = await simulated.finish()
        #expect(left.deadlockedWaits == 1)
        #expect(left.description == "1 wait(s) ended as a deadlock")
        await #expect(
            throws: SimulationError.deadlock(at: SimulationInstant(offset: .milliseconds(1)))
        ) {
            try await host.value
        }
    }
}
