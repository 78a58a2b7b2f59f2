import Conformance
import Foundation
import Reporting
import Rig
import Testing

/// `nfcrig run --rig Rigs/sim-usb.yaml` from a plain process: nfcrig puts itself under
/// umockdev-wrapper and runs the suites the rig names with every chip reached through its
/// libusb transport, as a virtual USB device.
@Suite struct VirtualUSBRunCommandLineTests {
    static let rig = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Rigs/sim-usb.yaml").path

    @Test(.timeLimit(.minutes(5)))
    func everyCasePassesWithEveryChipOnVirtualUSB() throws {
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-sim-usb-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let outcome = try NFCRigProcess.run(["run", "--rig", Self.rig, "--out", out])
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")

        let report = try ReportFile.load(out + "/latest")
        #expect(report.rig.name == "sim-usb")
        #expect(report.rig.clock == "wall")
        // Every case of the suites the rig file names: those that exercise the USB link. The
        // layout and ISO-DEP suites live in the emulated tag, not on USB, and t4t-layout's
        // 128 KiB of large-file reads alone would take some 16 s of real air time.
        let file = try RigFileParser(fileName: Self.rig).parse(
            String(contentsOfFile: Self.rig, encoding: .utf8))
        let expected = file.suites.flatMap { ConformanceCatalog.cases(suite: $0.value) ?? [] }
        #expect(file.suites.count == 6)
        #expect(report.cases.map(\.id) == expected.map(\.id))
        let failed = report.cases.filter { $0.verdict != .pass }
        #expect(failed.isEmpty, "\(failed.map { "\($0.id): \($0.message)" })")
        // The reference reader's chip was opened through libusb, at its virtual location.
        #expect(report.dut.name.hasPrefix("nfcrig reference reader on "), "\(report.dut.name)")
        #expect(report.dut.name.contains("(04cc:2533) at 001:"), "\(report.dut.name)")
    }

    @Test func withoutUMockdevWrapperOnPathTheRunExitsOneSayingWhatToInstall() throws {
        let scratch = try TemporaryFolder(prefix: "nfcrig-sim-usb")
        let outcome = try NFCRigProcess.run(
            ["run", "--rig", Self.rig, "--out", scratch.url.path],
            environment: ["PATH": "/nonexistent"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains("umockdev-wrapper, which is not on PATH"), "\(outcome.stderr)")
    }
}
