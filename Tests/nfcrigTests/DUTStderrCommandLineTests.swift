import Foundation
import HexText
import Rig
import Testing

/// `nfcrig run` keeps a process DUT's stderr in the run's folder, shows it live with
/// `--dut-stderr`, and the reports link it. The DUT is `Rigs/examples/fake_dut.py`, which in
/// its `exit-early` mode writes "boom: reader unplugged" on stderr and dies on its first read.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DUTStderrCommandLineTests {
    @Test func aRunKeepsTheDUTsStderrShowsItLiveAndTheReportLinksIt() throws {
        let fixture = try RigFixture()
        // The UID the emulator tag-a presents, which the fake DUT's scan must name.
        let uid = Hex.encode([0x08] + RigTagSlot.nfcid(for: "tag-a"))
        let rig = try fixture.write(
            "stderr.yaml",
            """
            name: stderr
            clock: wall
            emulators: [{id: tag-a, device: sim}]
            dut:
              adapter: process
              command: [python3, \(ProcessDUTReaderCommandLineTests.fakeDUT), exit-early, \(uid)]
            """)
        let out = fixture.folder.path + "/out"
        let outcome = try NFCRigProcess.run(
            ["run", "--rig", rig, "--case", "NDEF-R-001", "--out", out, "--dut-stderr"])
        #expect(outcome.status == 1, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("[NDEF-R-001]  boom: reader unplugged"),
            "\(outcome.stderr)")
        let log = try String(contentsOfFile: out + "/latest/dut.stderr.log", encoding: .utf8)
        #expect(log.contains("s  [NDEF-R-001]  boom: reader unplugged"), "\(log)")
        let markdown = try String(contentsOfFile: out + "/latest/report.md", encoding: .utf8)
        #expect(markdown.contains("[dut.stderr.log](dut.stderr.log)"))
        // The verdict quotes the whole line, on the case's one line.
        #expect(outcome.stdout.contains("stderr ends: boom: reader unplugged"))
    }
}
