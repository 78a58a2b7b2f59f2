import PN533
import PN533Sim
import TagEmulation
import Testing

@testable import Rig

/// A tag slot on a rig with no simulation clock, as on a rig of USB dongles: its emulator is
/// a plain task and the slot waits for it to listen in real time. The chips here are
/// simulated ones the slot is not told about (`simulated: nil`), standing in for dongles.
@Suite struct WallTagSlotTests {
    @Test func aTagOnTheWallClockListensIsReadAndStops() async throws {
        // The field needs a clock of its own, in real time like the bench's air.
        let field = RFField(clock: SimulationClock(mode: .wall))
        let tagChip = PN533Firmware(name: "tag-a", field: field, usb: .zero)
        let readerChip = PN533Firmware(name: "dut", field: field, usb: .zero)
        let slot = RigTagSlot(
            chip: RigChip(
                id: "tag-a", device: PN533Device(transport: tagChip.transport()), simulated: nil),
            time: .wall())
        try await slot.present(.type2(Type2Setup(content: [0xD0, 0x00, 0x00])))
        // `present` returned: the emulator listens, which the slot learnt from its log.
        #expect(await slot.events.map(\.kind).contains(.listening))
        await tagChip.setInField(true)
        let reader = PN533Device(transport: readerChip.transport())
        try await reader.open()
        let found = try await reader.listPassiveTargets(max: 1)
        #expect(found.count == 1)
        await slot.stop()
        #expect(await slot.uidInField == nil)
    }
}
