import Foundation
import Testing

/// `nfcrig sim usb` with third-party PN533 clients: Debian's libnfc tools and nfcpy reach
/// simulated chips over virtual USB (umockdev), and nfcrig's reader reads libnfc's emulator.
/// `make test` installs the clients and sets NFCRIG_CLIENT_TESTS=1; a missing client then
/// fails the test instead of skipping it.
@Suite(
    .serialized, .timeLimit(.minutes(2)),
    .needsThirdPartyClients
)
struct SimUSBClientTests {
    static let samples = URL(fileURLWithPath: RigFixture.simRig).deletingLastPathComponent()
        .appendingPathComponent("samples")
    static let uri = samples.appendingPathComponent("uri.hex").path
    static let text = samples.appendingPathComponent("text.hex").path

    @Test func nfcListListsTheType4AndType2TagsNfcrigEmulates() throws {
        let outcome = try NFCRigProcess.run(
            [
                "sim", "usb", "--timeout", "30s", "--tag4", Self.uri, "--tag2", Self.text, "--",
                "nfc-list",
            ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let uids = Self.emulatedUIDs(outcome.stderr)
        try #require(uids.count == 2, "sim usb names the tags it emulates: \(outcome.stderr)")
        // nfc-list exits 0 even when it fails: the listing is what counts.
        #expect(outcome.stdout.contains("NFC device: NXP / PN533 opened"))
        #expect(outcome.stdout.contains("2 ISO14443A passive target(s) found"))
        let targets = outcome.stdout.components(separatedBy: "ISO/IEC 14443A (106 kbps) target:")
            .dropFirst().map(Self.fields)
        #expect(targets.map { $0["UID"] } == uids.map(Self.spaced))
        // Both single-size UIDs: a PN533 in target mode sends a 4-byte UID, and says so.
        #expect(targets.map { $0["ATQA"] } == ["00  04", "00  04"])
        #expect(targets.map { $0["SAK"] } == ["20", "00"])
        #expect(targets.first?["ATS"] == "78  80  80  00")
        #expect(targets.last?["ATS"] == nil)
    }

    @Test func nfcPollFindsTheEmulatedTag() throws {
        // nfc-poll waits for the tag to leave after finding it: sim usb ends it.
        let outcome = try NFCRigProcess.run(
            ["sim", "usb", "--timeout", "8s", "--tag4", Self.uri, "--", "nfc-poll"])
        #expect(outcome.status == 124, "\(outcome.stderr)")
        let uid = try #require(Self.emulatedUIDs(outcome.stderr).first)
        #expect(outcome.stdout.contains("NFC reader: NXP / PN533 opened"))
        let target = try #require(
            outcome.stdout.components(separatedBy: "ISO/IEC 14443A (106 kbps) target:").dropLast(0)
                .dropFirst().first.map(Self.fields))
        #expect(target["UID"] == Self.spaced(uid))
        #expect(target["SAK"] == "20")
        #expect(outcome.stdout.contains("Waiting for card removing"))
    }

    @Test func nfcAnticolResolvesAndSelectsATagWithRawFrames() throws {
        // REQA, ANTICOLLISION, SELECT, RATS and HLTA through InCommunicateThru, CRC by the host.
        let outcome = try NFCRigProcess.run(
            ["sim", "usb", "--timeout", "30s", "--tag4", Self.uri, "--", "nfc-anticol"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let uid = try #require(Self.emulatedUIDs(outcome.stderr).first)
        #expect(outcome.stdout.contains("Found tag with\n UID: \(uid)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("ATQA: 0004"))
        #expect(outcome.stdout.contains(" SAK: 20"))
        #expect(outcome.stdout.contains(" ATS: 05  78  80  80  00"), "\(outcome.stdout)")
    }

    /// libnfc's nfc-poll against one emulated tag (`option`: `--tag4` or `--tag2`) that
    /// leaves the field 2 s in; nfc-poll ends by itself once it sees the tag gone or cannot
    /// tell.
    static func nfcPollUntilRemoved(_ option: String, _ sample: String) throws
        -> NFCRigProcess.Outcome
    {
        let outcome = try NFCRigProcess.run(
            [
                "sim", "usb", "--timeout", "30s", option, sample, "--remove-after", "2s", "--",
                "nfc-poll",
            ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome
    }

    @Test func nfcPollReportsTheType4TagsRemoval() throws {
        // libnfc's presence check: Diagnose 06 (R(NAK) on the air for the Type 4 tag) until
        // the tag has gone.
        let outcome = try Self.nfcPollUntilRemoved("--tag4", Self.uri)
        #expect(outcome.stdout.contains("Waiting for card removing..."), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("done."), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("took 1 tag(s) out of the field after 2s"))
    }

    @Test func nfcPollCannotCheckTheType2TagsPresenceWithASingleSizeUID() throws {
        // libnfc checks a SAK 00 tag's presence only as a MIFARE Ultralight, which it knows by
        // ATQA 0044 (a 7-byte UID); the emulated Type 2 tag announces 0004, as the 4-byte UID
        // a PN533 in target mode sends, so nfc-poll finds it and then says it cannot tell.
        let outcome = try Self.nfcPollUntilRemoved("--tag2", Self.text)
        #expect(outcome.stdout.contains("ATQA (SENS_RES): 00  04"), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("nfc_initiator_target_is_present: Not Supported by Device"))
    }

    @Test(arguments: [("--tag4", "Type4ATag"), ("--tag2", "Type2Tag")])
    func nfcpyReadsTheMessageOfAnEmulatedTag(option: String, tagClass: String) throws {
        let python = try #require(
            ProcessInfo.processInfo.environment["NFCRIG_NDEFLIB_PYTHON"],
            "the venv's python, with nfcpy")
        let script = URL(fileURLWithPath: RigFixture.simRig).deletingLastPathComponent()
            .appendingPathComponent("examples/nfcpy_read_ndef.py").path
        let sample = option == "--tag4" ? Self.uri : Self.text
        let outcome = try NFCRigProcess.run(
            ["sim", "usb", "--timeout", "40s", option, sample, "--", python, script])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = try String(contentsOfFile: sample, encoding: .utf8)
            .filter { !$0.isWhitespace }.lowercased()
        #expect(outcome.stdout.contains("tag: \(tagClass)"))
        #expect(outcome.stdout.contains("ndef: \(expected)\n"), "\(outcome.stdout)")
    }

    @Test func nfcrigsReaderReadsTheTagLibnfcEmulates() throws {
        let outcome = try NFCRigProcess.run(
            [
                "sim", "usb", "--expose", "emulator", "--read", "--timeout", "30s", "--",
                "nfc-emulate-forum-tag2",
            ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("tag: Type 2"))
        #expect(outcome.stdout.contains("smart poster uri: http://libnfc.org"))
        #expect(outcome.stderr.contains("nfc-emulate-forum-tag2 ended"))
    }

    @Test func aSecondProgramOpeningAClaimedReaderIsToldItIsBusy() throws {
        let python = try #require(
            ProcessInfo.processInfo.environment["NFCRIG_NDEFLIB_PYTHON"],
            "the venv's python, with nfcpy")
        // nfcpy holds the reader for 3 s; nfc-list tries to open it meanwhile.
        let holder =
            "import nfc, time\nwith nfc.ContactlessFrontend('usb:001:002'):\n"
            + "    print('holding', flush=True)\n    time.sleep(3)"
        let outcome = try NFCRigProcess.run(
            [
                "sim", "usb", "--timeout", "30s", "--tag4", Self.uri, "--", "sh", "-c",
                "\"$0\" -c \"$1\" & sleep 1.5; nfc-list; wait", python, holder,
            ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("holding"), "\(outcome.stdout)")
        #expect(
            outcome.stderr.contains("Unable to set USB configuration (Device or resource busy)"),
            "\(outcome.stderr)")
        // libnfc skips a device it cannot set up while scanning (as with a real one).
        #expect(outcome.stdout.contains("No NFC device found."), "\(outcome.stdout)")
    }

    /// "08c143a1" from sim usb's `tag-a: ..., UID 08c143a1, emulated by nfcrig` lines.
    static func emulatedUIDs(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("emulated by nfcrig"), let range = line.range(of: "UID ")
            else { return nil }
            return String(line[range.upperBound...].prefix(8))
        }
    }

    /// "08  c1  43  a1": libnfc's spacing.
    static func spaced(_ hex: String) -> String {
        stride(from: 0, to: hex.count, by: 2).map {
            String(hex.dropFirst($0).prefix(2))
        }.joined(separator: "  ")
    }

    /// "UID" → "08  c1  43  a1" from one target of libnfc's listing.
    static func fields(_ block: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in block.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name =
                line[..<colon].trimmingCharacters(in: .whitespaces)
                .split(separator: " ").first.map(String.init) ?? ""
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}

/// `sim usb`'s own rules, without third-party clients.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SimUSBCommandLineTests {
    @Test(arguments: [
        (["sim", "usb", "--read", "--", "true"], "--expose emulator"),
        (["sim", "usb", "--expose", "all", "--tag4", "x", "--", "true"], "cannot read"),
        (["sim", "usb"], "after --"),
        (["sim", "usb", "--timeout", "soon", "--", "true"], "--timeout"),
        (["sim", "usb", "--remove-after", "2s", "--", "true"], "--remove-after"),
    ])
    func usageErrorsExitTwoAndSayWhy(arguments: [String], message: String) throws {
        let outcome = try NFCRigProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func tagsCannotGoWithExposeAll() throws {
        let outcome = try NFCRigProcess.run(
            ["sim", "usb", "--expose", "all", "--tag4", SimUSBClientTests.uri, "--", "true"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--expose all gives every chip to the command"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-wrapper")))
    func theCommandsExitStatusIsSimUSBs() throws {
        let outcome = try NFCRigProcess.run(["sim", "usb", "--", "sh", "-c", "exit 3"])
        #expect(outcome.status == 3, "\(outcome.stderr)")
        let missing = try NFCRigProcess.run(["sim", "usb", "--", "no-such-command-here"])
        #expect(missing.status == 127)
        #expect(missing.stderr.contains("command not found: no-such-command-here"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-wrapper")))
    func theCommandSeesTheVirtualBusInItsEnvironment() throws {
        let outcome = try NFCRigProcess.run(
            ["sim", "usb", "--expose", "all", "--", "sh", "-c", "ls /dev/bus/usb/001"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "002\n003\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-wrapper")))
    func readGivesUpAfterTheTimeoutWhenNoTagAppears() throws {
        let outcome = try NFCRigProcess.run(
            [
                "sim", "usb", "--expose", "emulator", "--read", "--timeout", "1s", "--", "sleep",
                "30",
            ])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("read no tag within 1s"), "\(outcome.stderr)")
    }
}
