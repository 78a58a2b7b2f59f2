import Foundation
import Reporting
import Rig
import Testing

/// A process DUT with its own reader (`dut: {adapter: process, reader: virtual-usb}`): the
/// child finds the simulated chip on the virtual bus through its environment, and options
/// meant for nfcrig's reference reader are refused.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ProcessDUTReaderCommandLineTests {
    static let fakeDUT = NfcpyDUTTests.root.appendingPathComponent("Rigs/examples/fake_dut.py")
        .path

    static func rig(_ fixture: RigFixture, mode: String, reader: String) throws -> String {
        try fixture.write(
            "process.yaml",
            """
            name: process-reader
            clock: wall
            emulators: [{id: tag-a, device: sim}]
            dut:
              adapter: process
              command: [python3, \(fakeDUT), \(mode)]
              reader: \(reader)
            """)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-wrapper")))
    func theChildFindsItsVirtualReaderInItsEnvironment() throws {
        let fixture = try RigFixture()
        let rig = try Self.rig(fixture, mode: "env", reader: "virtual-usb")
        let out = fixture.folder.path + "/out"
        let outcome = try NFCRigProcess.run(
            ["run", "--rig", rig, "--case", "NDEF-R-001", "--out", out])
        #expect([0, 1].contains(outcome.status), "\(outcome.stdout)\n\(outcome.stderr)")
        // The emulators are driven directly: the DUT's reader is the bus's first device.
        let report = try ReportFile.load(out + "/latest")
        #expect(report.dut.firmware == "001:002 pn53x_usb:001:002")
    }

    @Test func aDUTFaultOnAProcessDUTIsAUsageError() throws {
        let fixture = try RigFixture()
        let rig = try Self.rig(fixture, mode: "good", reader: "virtual-usb")
        let outcome = try NFCRigProcess.run(
            [
                "run", "--rig", rig, "--dut-fault", "unsafe-write-order", "--out",
                fixture.folder.path,
            ])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "--dut-fault unsafe-write-order changes nfcrig's reference reader, but the rig's "
                    + "DUT is a process"), "\(outcome.stderr)")
    }
}
