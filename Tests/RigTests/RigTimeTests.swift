import Foundation
import ISODEP
import ISODEPSimulation
import PN533Sim
import TagReader
import Testing

@testable import Rig

/// A rig runs on a simulation clock only when it has a simulated field to time; a rig of
/// USB dongles runs on the plain wall clock.
@Suite struct RigTimeTests {
    static func rig(
        clock: RigFile.ClockMode = .wall, emulators: [RigFile.DeviceSpec],
        dut: DeviceUnderTestSpec
    ) -> RigFile {
        RigFile(
            name: "t", clock: clock,
            emulators: emulators.enumerated().map {
                .init(id: "tag-\($0.offset)", device: $0.element)
            },
            dut: dut)
    }

    @Test func aRigOfUSBDonglesNeedsNoSimulationClock() {
        let file = Self.rig(
            emulators: [.usb(selector: "0"), .usb(selector: "1")],
            dut: .reference(device: .usb(selector: "2")))
        #expect(!RigTime.needsSimulation(file))
        #expect(RigTime(for: file).simulationClock == nil)
    }

    @Test func aProcessDUTWithAUSBReaderBesideUSBTagsNeedsNoSimulationClock() {
        let file = Self.rig(
            emulators: [.usb(selector: "0")],
            dut: .process(ProcessDUTSpec(command: ["dut"], reader: .usb(selector: "1"))))
        #expect(RigTime(for: file).simulationClock == nil)
    }

    @Test func aSimulatedRigRunsOnAVirtualSimulationClock() {
        let time = RigTime(
            for: Self.rig(clock: .virtual, emulators: [.sim], dut: .reference(device: .sim)))
        #expect(time.simulationClock?.mode == .virtual)
        #expect(time.isVirtual)
    }

    @Test func aVirtualUSBRigKeepsAWallModeSimulationClockForItsField() {
        let time = RigTime(
            for: Self.rig(emulators: [.virtualUSB], dut: .reference(device: .virtualUSB)))
        #expect(time.simulationClock?.mode == .wall)
        #expect(!time.isVirtual)
    }

    @Test func aSimulatedReaderForAProcessDUTNeedsTheSimulationClock() {
        let file = Self.rig(
            emulators: [], dut: .process(ProcessDUTSpec(command: ["dut"], reader: .virtualUSB)))
        #expect(RigTime(for: file).simulationClock?.mode == .wall)
    }

    @Test func assemblingARigWithNoSimulatedChipMakesNoSimulationClockAndNoField() async throws {
        // No chip at all opens without hardware; a USB dongle would need one plugged in.
        let file = Self.rig(emulators: [], dut: .process(ProcessDUTSpec(command: ["dut"])))
        let rig = try await AssembledRig.assemble(file, directory: URL(fileURLWithPath: "/tmp"))
        #expect(rig.simulationClock == nil)
        #expect(rig.field == nil)
        await rig.close()
    }
}

/// On the plain wall clock the rig's time is real time, and `run` just runs its body.
@Suite struct WallRigTimeTests {
    @Test func sleepingTakesRealTimeAndNowCountsIt() async {
        let time = RigTime.wall()
        let before = time.now
        let start = ContinuousClock.now
        await time.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        #expect(time.now - before >= .milliseconds(20))
    }

    @Test func runReturnsWhatItsBodyReturns() async throws {
        let answer = try await RigTime.wall().run { () async throws -> Int in 42 }
        #expect(answer == 42)
    }

    @Test func theReaderClockCountsFromTheSameOrigin() async throws {
        let time = RigTime.wall()
        try await Task.sleep(for: .milliseconds(5))
        let reader = time.readerClock.now()
        #expect(reader >= .milliseconds(5))
        #expect(time.now >= reader)
    }

    @Test func aSpawnedTaskIsJoinedAfterItIsCancelled() async {
        let time = RigTime.wall()
        let task = time.spawn { try? await Task.sleep(for: .seconds(60)) }
        let start = ContinuousClock.now
        task.cancel()
        await task.join()
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func anEmulatorWaitsOnTheWallClockUnlessTimeIsVirtual() {
        #expect(RigTime.wall().isoDEPScheduler is ContinuousISODEPScheduler)
        let wallSimulation = RigTime(simulation: SimulationClock(mode: .wall))
        #expect(wallSimulation.isoDEPScheduler is ContinuousISODEPScheduler)
        let virtual = RigTime(simulation: SimulationClock(mode: .virtual))
        #expect(virtual.isoDEPScheduler is SimulationISODEPScheduler)
    }
}
