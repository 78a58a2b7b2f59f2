import Foundation
import Testing

@testable import Rig

/// `device: virtual-usb`: a simulated chip reached through libusb, which needs a wall clock.
@Suite struct RigFileVirtualUSBTests {
    let parser = RigFileParser(fileName: "rig.yaml")

    @Test func theShippedVirtualUSBRigParses() throws {
        let rig = try ShippedRigs.parse("sim-usb.yaml")
        #expect(rig.name == "sim-usb")
        #expect(rig.clock == .wall)
        #expect(rig.emulators.map(\.device) == [.virtualUSB, .virtualUSB])
        #expect(rig.dut == .reference(device: .virtualUSB))
        #expect(rig.namesVirtualUSB)
        #expect(rig.repeatCount == 1)
        #expect(rig.suites.map(\.value).count == 6)
    }

    @Test func virtualUSBMixesWithSimulatedChipsOnAWallClock() throws {
        let rig = try parser.parse(
            """
            name: mixed
            clock: wall
            emulators:
              - {id: tag-a, device: virtual-usb}
              - {id: tag-b, device: sim}
            dut: {adapter: reference, device: virtual-usb}
            """)
        #expect(rig.emulators.map(\.device) == [.virtualUSB, .sim])
        #expect(rig.emulators.map(\.device.isSimulated) == [true, true])
        #expect(rig.namesVirtualUSB)
        #expect(RigFile.DeviceSpec.virtualUSB.description == "virtual-usb")
    }

    static let refused: [(String, String)] = [
        (
            "name: x\nemulators: [{id: a, device: virtual-usb}]\ndut: {adapter: reference, device: sim}\n",
            "rig.yaml:2:29: emulator \"a\" is virtual-usb, which needs clock: wall (the rig's "
                + "clock is virtual): the host reaches the chip through libusb and waits in real time"
        ),
        (
            "name: x\nclock: virtual\nemulators: [{id: a, device: sim}]\n"
                + "dut: {adapter: reference, device: virtual-usb}\n",
            "rig.yaml:4:35: the DUT is virtual-usb, which needs clock: wall"
        ),
        (
            "name: x\nemulators:\n  - id: a\n    device: sim\n  - id: b\n    device: virtual-usb\n"
                + "dut: {adapter: reference, device: sim}\n",
            "rig.yaml:6:13: emulator \"b\" is virtual-usb"
        ),
        (
            "name: x\nclock: wall\nemulators: [{id: a, device: virtual-usb}]\n"
                + "dut: {adapter: reference, device: \"usb:0\"}\n",
            "rig.yaml:4:35: the DUT is usb:0, but a rig with virtual-usb chips runs under "
                + "umockdev, where libusb sees only the virtual bus"
        ),
    ]

    @Test(arguments: refused)
    func virtualUSBOnAVirtualClockOrBesideAUSBChipIsRefusedAtTheDevice(
        _ yaml: String, _ expected: String
    ) {
        parser.expectRefusal(yaml, expected)
    }
}
