import Foundation
import PN533
import PN533Sim
import Testing
import VirtualUSB

@testable import Rig

@Suite struct AssembledRigTests {
    @Test func aSimulatedRigPutsEveryChipInOneFieldOnAVirtualClock() async throws {
        let file = RigFile(
            name: "t",
            emulators: [.init(id: "tag-a", device: .sim), .init(id: "tag-b", device: .sim)],
            dut: .reference(device: .sim))
        let rig = try await AssembledRig.assemble(file, directory: URL(fileURLWithPath: "/tmp"))
        #expect(rig.simulationClock?.mode == .virtual)
        #expect(rig.field != nil)
        #expect(rig.chips.map(\.id) == ["tag-a", "tag-b", "dut"])
        let versions = try await rig.run {
            var versions: [PN533Chip] = []
            for chip in rig.chips { versions.append(try await chip.device.open().chip) }
            return versions
        }
        #expect(versions == [.pn533, .pn533, .pn533])
        await rig.close()
    }

    @Test func aUSBChipThatIsNotThereFailsWithItsIdAndTheReason() async throws {
        let file = RigFile(
            name: "t", clock: .wall, emulators: [.init(id: "tag-a", device: .usb(selector: "7"))],
            dut: .reference(device: .usb(selector: "8")))
        do {
            _ = try await AssembledRig.assemble(file, directory: URL(fileURLWithPath: "/tmp"))
            Issue.record("a missing USB device was accepted")
        } catch {
            #expect(error.description.hasPrefix("chip tag-a: "))
        }
    }
}

extension AssembledRigTests {
    @Test func aVirtualUSBChipOnAVirtualClockIsRefused() async {
        let file = RigFile(
            name: "t", emulators: [.init(id: "tag-a", device: .virtualUSB)],
            dut: .reference(device: .sim))
        await #expect(throws: RigAssemblyError.virtualUSBNeedsWallClock(id: "tag-a")) {
            try await AssembledRig.assemble(file, directory: URL(fileURLWithPath: "/tmp"))
        }
    }

    @Test(
        .enabled(if: !UMockdevWrapper.isActive, "under umockdev-wrapper the chips would plug in"))
    func aVirtualUSBChipOutsideUMockdevFailsSayingSo() async {
        let file = RigFile(
            name: "t", clock: .wall, emulators: [.init(id: "tag-a", device: .sim)],
            dut: .reference(device: .virtualUSB))
        do {
            _ = try await AssembledRig.assemble(file, directory: URL(fileURLWithPath: "/tmp"))
            Issue.record("a virtual USB chip was assembled outside umockdev-wrapper")
        } catch {
            #expect(error == .notUnderUMockdev(id: "dut"))
            #expect(error.description.contains("umockdev-wrapper"))
        }
    }
}
