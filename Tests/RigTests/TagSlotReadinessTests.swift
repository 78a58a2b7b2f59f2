import Foundation
import PN533
import PN533Sim
import TagEmulation
import Testing

@testable import Rig

/// After a reader lets a tag go, its emulator arms the chip again; a DUT polling in that gap
/// would miss the tag, so a case waits for `ready()` first.
@Suite struct TagSlotReadinessTests {
    static let file = RigFile(
        name: "t", emulators: [.init(id: "tag-a", device: .sim)], dut: .reference(device: .sim))

    @Test func readyReturnsOnceTheReleasedTagListensAgain() async throws {
        let rig = try await AssembledRig.assemble(Self.file, directory: URL(fileURLWithPath: "/"))
        let slot = rig.tagSlot(on: rig.emulators[0])
        let reader = try #require(rig.readerChip).device
        let chip = try #require(rig.emulators[0].simulated)
        let kinds = try await rig.run {
            try await slot.present(.type2(Type2Setup(content: [0xD0, 0x00, 0x00])))
            try await reader.open()
            try await reader.setRetries(atr: 0, psl: 1, passiveActivation: 1)
            let found = try await reader.listPassiveTargets(max: 1)
            #expect(found.count == 1)
            _ = try await reader.exchange(target: 1, [0x30, 0x00])
            try await reader.setRF(field: false)
            try await slot.ready()
            // The emulator heard of the release and armed its chip again.
            #expect(await chip.isCardInField)
            let kinds = await slot.events.map(\.kind)
            await slot.stop()
            return kinds
        }
        #expect(kinds.contains(.released), "\(kinds)")
        await rig.close()
    }

    @Test func aRemovedTagIsReadyAtOnce() async throws {
        let rig = try await AssembledRig.assemble(Self.file, directory: URL(fileURLWithPath: "/"))
        let slot = rig.tagSlot(on: rig.emulators[0])
        try await rig.run {
            try await slot.present(.type2(Type2Setup(content: [0xD0, 0x00, 0x00])))
            await slot.remove()
            let before = rig.now
            try await slot.ready()
            #expect(rig.now == before)
            await slot.stop()
        }
        await rig.close()
    }
}

/// The arming state follows the emulator's log.
@Suite struct TagArmingTests {
    @Test func aTagThatNeverListensTimesOutOnTheClock() async {
        let clock = SimulationClock()
        let arming = TagArming(time: RigTime(simulation: clock))
        await clock.participate {
            await #expect(throws: SimulationError.timedOut) {
                try await arming.waitUntilArmed(timeout: .milliseconds(20))
            }
            #expect(clock.now == SimulationInstant.zero.advanced(by: .milliseconds(20)))
        }
    }

    @Test func aWaitEndsWhenTheEmulatorListensAgain() async throws {
        let clock = SimulationClock()
        let arming = TagArming(time: RigTime(simulation: clock))
        arming.observe(.listening)
        arming.observe(.activated(firstCommand: [0xE0, 0x80]))
        arming.observe(.released)
        try await clock.participate {
            let emulator = clock.spawn {
                try? await clock.sleep(for: .milliseconds(7))
                arming.observe(.listening)
            }
            try await arming.waitUntilArmed(timeout: .seconds(1))
            #expect(clock.now == SimulationInstant.zero.advanced(by: .milliseconds(7)))
            try await emulator.value
        }
    }

    @Test func anActivatedTagNeedsNoWait() async throws {
        let clock = SimulationClock()
        let arming = TagArming(time: RigTime(simulation: clock))
        arming.observe(.activated(firstCommand: [0x30, 0x00]))
        arming.observe(.received([0x30, 0x04]))
        try await clock.participate {
            try await arming.waitUntilArmed(timeout: .seconds(1))
            #expect(clock.now == SimulationInstant.zero)
        }
    }
}

/// On a rig with no simulation clock (USB dongles only) the arming state is waited for in
/// real time.
@Suite struct WallTagArmingTests {
    @Test func aTagThatNeverListensTimesOutInRealTime() async {
        let arming = TagArming(time: .wall())
        let start = ContinuousClock.now
        await #expect(throws: WallSignal.WaitError.timedOut) {
            try await arming.waitUntilArmed(timeout: .milliseconds(20))
        }
        #expect(ContinuousClock.now - start >= .milliseconds(20))
    }

    @Test func aWaitEndsWhenTheEmulatorListensAgain() async throws {
        let arming = TagArming(time: .wall())
        arming.observe(.listening)
        arming.observe(.released)
        let emulator = Task {
            try await Task.sleep(for: .milliseconds(10))
            arming.observe(.listening)
        }
        try await arming.waitUntilArmed(timeout: .seconds(30))
        try await emulator.value
    }

    @Test func anActivatedTagNeedsNoWait() async throws {
        let arming = TagArming(time: .wall())
        arming.observe(.activated(firstCommand: [0x30, 0x00]))
        try await arming.waitUntilArmed(timeout: .zero)
    }
}
