import PN533
import PN533Sim
import PN533USB
import Testing
import VirtualUSB

extension VirtualUSBTests {
    /// Several simulated chips on the one bus, each its own USB device.
    @Suite struct Bus {
        @Test func twoReadersOnTheBusAnswerEachForItself() async throws {
            let bus = try SharedVirtualReader.bus()
            _ = try SharedVirtualReader.device()
            let field = RFField(clock: SimulationClock(mode: .wall))
            let second = try VirtualPN533Device(
                chip: PN533Firmware(name: "second", field: field), bus: bus, address: 7)
            #expect(second.location == "001:007")

            let readers = try await PN533USBDevice.listDevices()
            #expect(readers.map(\.location).sorted() == ["001:002", "001:007"])

            async let first = registerAnswer(at: 2, value: 0x11)
            async let other = registerAnswer(at: 7, value: 0x22)
            #expect(try await [first, other] == [0x11, 0x22])
            #expect(await second.chip.eventLog.isEmpty == false)
        }

        @Test func anAddressCannotBeTakenTwice() throws {
            let bus = try SharedVirtualReader.bus()
            _ = try SharedVirtualReader.device()
            let field = RFField(clock: SimulationClock(mode: .wall))
            #expect(throws: VirtualUSBError.addressInUse(2)) {
                try VirtualPN533Device(
                    chip: PN533Firmware(name: "twin", field: field), bus: bus, address: 2)
            }
        }

        /// Writes `value` to a CIU register of the reader at `address` and reads it back, so
        /// two readers prove they are two chips.
        private func registerAnswer(at address: UInt8, value: UInt8) async throws -> UInt8 {
            try await PN533USBDevice.withTransport(.location(bus: 1, address: address)) {
                transport, _ in
                let device = PN533Device(transport: transport)
                try await device.open()
                try await device.writeRegisters([(0x6305, value)])
                return try await device.readRegisters([0x6305]).first ?? 0
            }
        }
    }
}
