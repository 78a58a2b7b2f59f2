import Foundation
import Testing

@testable import Rig

/// `dut: {adapter: process, reader: ...}`: the PN533 a process DUT drives itself, and the
/// rigs that cannot work with it.
@Suite struct RigFileDUTReaderTests {
    let parser = RigFileParser(fileName: "rig.yaml")

    @Test func theShippedNfcpyRigGivesItsProcessDUTAVirtualUSBReader() throws {
        let rig = try ShippedRigs.parse("nfcpy-sim.yaml")
        guard case .process(let spec) = rig.dut else {
            Issue.record("expected a process DUT")
            return
        }
        #expect(spec.reader == .virtualUSB)
        #expect(spec.command.last == "duts/nfcpy_dut.py")
        #expect(rig.clock == .wall)
        #expect(rig.emulators.map(\.device) == [.sim, .sim])
        #expect(rig.namesVirtualUSB)
        #expect(rig.suites.map(\.value).count == 11)
    }

    @Test func aBenchRigNamesTheDongleItsProcessDUTDrives() throws {
        let rig = try parser.parse(
            """
            name: bench
            clock: wall
            emulators: [{id: tag-a, device: "usb:serial=ABC"}]
            dut: {adapter: process, command: [./reader-app], reader: "usb:1:7"}
            """)
        #expect(rig.dut.readerDevice == .usb(selector: "1:7"))
        #expect(!rig.namesVirtualUSB)
    }

    @Test func aProcessDUTWithoutAReaderReachesItsOwn() throws {
        let rig = try parser.parse(
            "name: x\nclock: wall\nemulators: [{id: a, device: sim}]\n"
                + "dut: {adapter: process, command: [a]}\n")
        #expect(rig.dut.readerDevice == nil)
        #expect(!rig.namesVirtualUSB)
    }

    @Test func theChildFindsItsReaderInItsEnvironment() {
        let reader = DUTReaderChip(
            location: "001:004", simulated: nil, extra: ["UMOCKDEV_DIR": "/tmp/bus"])
        #expect(
            reader.environment == [
                "NFCRIG_READER_USB": "001:004", "LIBNFC_DEFAULT_DEVICE": "pn53x_usb:001:004",
                "LIBNFC_AUTO_SCAN": "false", "LIBNFC_INTRUSIVE_SCAN": "false",
                "UMOCKDEV_DIR": "/tmp/bus",
            ])
    }

    static let refused: [(String, String)] = [
        (
            "name: x\nclock: wall\nemulators: [{id: a, device: sim}]\n"
                + "dut: {adapter: process, command: [a], reader: sim}\n",
            "rig.yaml:4:47: reader must be virtual-usb or usb:..., not sim"
        ),
        (
            "name: x\nclock: wall\nemulators: [{id: a, device: sim}]\n"
                + "dut: {adapter: reference, device: sim, reader: virtual-usb}\n",
            "rig.yaml:4:48: reader belongs to the process adapter"
        ),
        (
            "name: x\nclock: wall\nemulators: [{id: a, device: sim}]\n"
                + "dut: {adapter: process, command: [a], reader: floppy}\n",
            "rig.yaml:4:47: device must be sim, virtual-usb, or usb:"
        ),
        (
            "name: x\nclock: wall\nemulators:\n  - {id: a, device: sim}\n"
                + "dut: {adapter: process, command: [a], reader: \"usb:0\"}\n",
            "rig.yaml:4:21: emulator \"a\" is sim, in the simulated field, but the DUT's reader "
                + "is usb:0, in the air of a bench: a reader reaches only the tags in its own field"
        ),
        (
            "name: x\nclock: wall\nemulators:\n  - {id: a, device: \"usb:0\"}\n"
                + "dut: {adapter: reference, device: sim}\n",
            "rig.yaml:4:21: emulator \"a\" is usb:0, in the air of a bench, but the DUT's reader "
                + "is sim"
        ),
        (
            "name: x\nclock: wall\nemulators: [{id: a, device: \"usb:0\"}]\n"
                + "dut: {adapter: process, command: [a], reader: virtual-usb}\n",
            "rig.yaml:3:29: emulator \"a\" is usb:0, but a rig with virtual-usb chips runs under "
                + "umockdev"
        ),
        (
            "name: x\nemulators: [{id: a, device: sim}]\n"
                + "dut: {adapter: process, command: [a], reader: virtual-usb}\n",
            "the DUT's reader is virtual-usb, which needs clock: wall"
        ),
    ]

    @Test(arguments: refused)
    func aRigWhoseDUTReaderCannotWorkIsRefusedWhereItSaysSo(_ yaml: String, _ expected: String) {
        parser.expectRefusal(yaml, expected)
    }
}
