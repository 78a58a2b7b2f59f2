import Foundation
import Testing

/// `nfcrig emulate` as scripts see it: the reference reader's commands on a virtual-clock
/// rig, running until interrupted on a wall-clock one, and the refusals.
@Suite struct EmulateCommandLineTests {
    @Test func onAVirtualRigTheReferenceReaderReadsTheTagAndItsCommandsArePrinted() throws {
        let outcome = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--uri", "https://a.bc",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix(
                "tag-a: Type 4 tag (mapping 2.0, read-write, 9-byte message, capacity 2046), UID 08"
            ) == true)
        #expect(lines.contains { $0.hasSuffix(" ms  activated by e080  RATS") })
        #expect(
            lines.contains {
                $0.hasSuffix(
                    " ms  <- 00a4040007d276000085010100  SELECT application d2760000850101")
            })
        #expect(lines.contains { $0.hasSuffix(" ms  <- 00a4000c02e103  SELECT file e103") })
        #expect(lines.contains { $0.hasSuffix(" ms  -> d101055504612e62639000") })
        #expect(lines.contains { $0.hasPrefix("read 1: Type 4 08") && $0.hasSuffix("1 record(s)") })
        #expect(lines.last?.hasSuffix(" ms  listening") == true)
    }

    @Test func readsRepeatsTheReadBackOnTheChosenEmulator() throws {
        let outcome = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--emulator", "tag-b", "--reads", "2",
            "--text", "hi", "--lang", "de", "--mapping", "3", "--read-only",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("tag-b: Type 4 tag (mapping 3.0, read-only, "))
        #expect(outcome.stdout.contains("read 1: Type 4 08"))
        #expect(outcome.stdout.contains("read 2: Type 4 08"))
        #expect(outcome.stdout.contains(", readOnly, capacity 2044, 1 record(s)"))
    }

    @Test func aType2TagShowsTheReadersREADCommands() throws {
        let fixture = try RigFixture()
        let message = try fixture.write("uri.hex", "d101055504612e6263")
        let outcome = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--type", "2", "--ndef", message,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("tag-a: Type 2 tag (144-byte data area, read-write"))
        #expect(outcome.stdout.contains(" ms  <- 3000  READ block 0"))
        #expect(outcome.stdout.contains(" ms  <- 3004  READ block 4"))
    }

    @Test func onAWallClockRigItRunsUntilSIGINTAndExitsZero() throws {
        let fixture = try RigFixture()
        let rig = try fixture.write("wall.yaml", RigFixture.wallSimRig)
        let process = Process()
        process.executableURL = NFCRigProcess.executable
        process.arguments = ["emulate", "--rig", rig, "--uri", "https://a.bc"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        var output = ""
        let deadline = Date().addingTimeInterval(20)
        while !output.contains("until interrupted"), process.isRunning, Date() < deadline {
            output += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        }
        #expect(output.contains("tag-a: Type 4 tag"))
        process.interrupt()
        output += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.hasSuffix("stopped by SIGINT\n"))
    }

    @Test func anUnknownEmulatorIsRefusedWithTheIdsTheRigHas() throws {
        let outcome = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--emulator", "tag-z", "--uri", "https://a.bc",
        ])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "sim.yaml:9:3: --emulator tag-z: no such emulator; the rig has tag-a, tag-b"))
    }

    @Test func anEmptyOrOversizedMessageIsAUsageError() throws {
        let fixture = try RigFixture()
        let empty = try fixture.write("empty.hex", "")
        let none = try NFCRigProcess.run(["emulate", "--rig", RigFixture.simRig, "--ndef", empty])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--ndef \(empty): the message is empty"))

        let long = String(repeating: "x", count: 200)
        let big = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--type", "2", "--text", long,
        ])
        #expect(big.status == 2)
        #expect(
            big.stderr.contains(
                "the record options: a 207-byte message does not fit the Type 2 tag, which holds 142 bytes"
            ))
    }

    @Test func aLoopbackApplicationAloneMakesACardWithoutTheNDEFApplication() throws {
        let outcome = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--loopback", "F0010203040506",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.hasPrefix(
                "tag-a: Type 4 tag (no NDEF application, application F0010203040506), UID 08"))
        // The reference reader looks for the NDEF application in vain.
        #expect(outcome.stdout.contains(" ms  -> 6a82"))
        #expect(outcome.stdout.contains(", notSupported, capacity 0"))
        let beside = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--loopback", "F0010203040506", "--uri", "a",
        ])
        #expect(beside.stdout.hasPrefix("tag-a: Type 4 tag (mapping 2.0, read-write, "))
        #expect(beside.stdout.contains(", application F0010203040506), UID 08"))
    }

    @Test func aCardFileHostsItsApplicationsBesideTheMessage() throws {
        let card = RigFixture.repositoryRoot.appendingPathComponent("Rigs/cards/transit.yaml")
        let outcome = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--card", card.path, "--uri", "a",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.contains(
                ", application A00000039656434103F01200, application F04C4547414359, "
                    + "application F04E4643524947), UID 08"))
        let type2 = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--type", "2", "--card", card.path, "--uri",
            "a",
        ])
        #expect(type2.status == 2)
        #expect(type2.stderr.contains("--card applies to Type 4 tags, not --type 2"))
    }

    @Test func aLoopbackNeedsAValidAIDAndAType4Tag() throws {
        let short = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--loopback", "F00102",
        ])
        #expect(short.status == 2)
        #expect(
            short.stderr.contains(
                "--loopback F00102: an application identifier has 5 to 16 bytes; F00102 has 3"))
        let notHex = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--loopback", "F0010203040G",
        ])
        #expect(notHex.status == 2)
        #expect(notHex.stderr.contains("--loopback F0010203040G: "))
        let type2 = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--type", "2", "--loopback", "F0010203040506",
            "--uri", "a",
        ])
        #expect(type2.status == 2)
        #expect(type2.stderr.contains("--loopback applies to Type 4 tags, not --type 2"))
    }

    @Test func conflictingOptionsAreUsageErrors() throws {
        let mapping = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--type", "2", "--mapping", "3", "--uri", "a",
        ])
        #expect(mapping.status == 2)
        #expect(mapping.stderr.contains("--mapping applies to Type 4 tags"))
        let both = try NFCRigProcess.run([
            "emulate", "--rig", RigFixture.simRig, "--ndef", "f.hex", "--uri", "a",
        ])
        #expect(both.status == 2)
        let fixture = try RigFixture()
        let rig = try fixture.write("wall.yaml", RigFixture.wallSimRig)
        let reads = try NFCRigProcess.run(["emulate", "--rig", rig, "--reads", "2", "--uri", "a"])
        #expect(reads.status == 2)
        #expect(
            reads.stderr.contains("\(rig):2:8: --reads 2: reads back apply to virtual-clock rigs"))
    }

    @Test func helpExplainsTheVirtualClockReadBack() throws {
        let outcome = try NFCRigProcess.run(["emulate", "--help"])
        #expect(outcome.stdout.contains("virtual-clock rig"))
        #expect(outcome.stdout.contains("--reads"))
    }
}
