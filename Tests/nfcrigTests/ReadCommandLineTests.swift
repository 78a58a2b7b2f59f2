import Foundation
import Testing

/// `nfcrig read` as scripts see it: a simulated tag read on `Rigs/sim.yaml`, the JSON shape,
/// and the refusals (exit 2, the rig file's position in the message).
@Suite struct ReadCommandLineTests {
    @Test func aSimulatedURITagIsReadAndItsRecordPrintedAsDecodeDoes() throws {
        let fixture = try RigFixture()
        let tag = try fixture.write("uri.hex", "d1 01 05 55 04 61 2e 62 63\n")
        let outcome = try NFCRigProcess.run(["read", "--rig", RigFixture.simRig, "--sim-tag", tag])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("tag: Type 4, UID 08") == true)
        #expect(
            Array(lines.dropFirst()) == [
                "NDEF: readWrite, capacity 2046 bytes", "message: 1 record",
                #"record 0: wellKnown "U", 5-byte payload"#, "  uri: https://a.bc",
            ])
    }

    @Test func aTextTagPrintsItsLanguageAndText() throws {
        let fixture = try RigFixture()
        let tag = try fixture.write("text.hex", "d1 01 08 54 02 66 72 73 61 6c 75 74")
        let outcome = try NFCRigProcess.run(["read", "--rig", RigFixture.simRig, "--sim-tag", tag])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("  text (fr, utf8): salut"))
    }

    @Test func jsonHasTheTagFieldsThenDecodesRecords() throws {
        let fixture = try RigFixture()
        let tag = try fixture.write("uri.hex", "d101055504612e6263")
        let outcome = try NFCRigProcess.run([
            "read", "--rig", RigFixture.simRig, "--sim-tag", tag, "--json",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(json.hasPrefix(#"{"type":"type4","uid":"08"#))
        #expect(
            json.hasSuffix(
                #","status":"readWrite","capacity":2046,"records":[{"tnf":"wellKnown","#
                    + #""type":"U","typeHex":"55","idHex":"","payloadHex":"04612e6263","#
                    + #""chunks":1,"decoded":{"kind":"uri","uri":"https://a.bc"}}]}"#))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((object?["uid"] as? String)?.count == 8)
    }

    @Test func aType2TagIsReadWithSimType2() throws {
        let fixture = try RigFixture()
        let tag = try fixture.write("uri.hex", "d101055504612e6263")
        let outcome = try NFCRigProcess.run([
            "read", "--rig", RigFixture.simRig, "--sim-tag", tag, "--sim-type", "2",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("tag: Type 2, UID 08"))
        #expect(outcome.stdout.contains("NDEF: readWrite, capacity 142 bytes"))
        #expect(outcome.stdout.contains("  uri: https://a.bc"))
    }

    @Test func withoutASimulatedTagAVirtualRigHasNoTagAndSaysHowToPutOneThere() throws {
        let outcome = try NFCRigProcess.run([
            "read", "--rig", RigFixture.simRig, "--timeout", "200ms",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("no tag within 0.2s"))
        #expect(outcome.stderr.contains("--sim-tag"))
    }

    @Test func aProcessDUTIsRefusedAtItsAdapterLine() throws {
        let fixture = try RigFixture()
        let rig = try fixture.write("process.yaml", RigFixture.processDUTRig)
        let outcome = try NFCRigProcess.run(["read", "--rig", rig])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("\(rig):7:12: read drives nfcrig's reference reader"))
    }

    @Test func simTagIsRefusedOnARigWithAUSBEmulator() throws {
        let fixture = try RigFixture()
        let rig = try fixture.write("usb.yaml", RigFixture.usbEmulatorRig)
        let tag = try fixture.write("uri.hex", "d101055504612e6263")
        let outcome = try NFCRigProcess.run(["read", "--rig", rig, "--sim-tag", tag])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "\(rig):5:13: --sim-tag needs simulated emulator chips, but emulator tag-a is usb:0"
            ))
    }

    @Test func aRigFileErrorNamesItsLineAndColumn() throws {
        let fixture = try RigFixture()
        let rig = try fixture.write(
            "bad.yaml",
            RigFixture.wallSimRig.replacingOccurrences(of: "clock: wall", with: "clok: wall"))
        let outcome = try NFCRigProcess.run(["read", "--rig", rig])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("\(rig):2:1: unknown key \"clok\""))
    }

    @Test func simTypeWithoutSimTagAndABadTimeoutAreUsageErrors() throws {
        let sim = try NFCRigProcess.run(["read", "--rig", RigFixture.simRig, "--sim-type", "2"])
        #expect(sim.status == 2)
        #expect(sim.stderr.contains("--sim-type needs --sim-tag"))
        let timeout = try NFCRigProcess.run(["read", "--rig", RigFixture.simRig, "--timeout", "5"])
        #expect(timeout.status == 2)
        #expect(timeout.stderr.contains("--timeout"))
    }
}
