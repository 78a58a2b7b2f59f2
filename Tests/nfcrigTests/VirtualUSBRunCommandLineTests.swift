import Conformance
import Foundation
import Reporting
import Rig
import Testing

/// `nfcrig run --rig Rigs/sim-usb.yaml` from a plain process: nfcrig puts itself under
/// umockdev-wrapper and runs every suite with every chip reached through its libusb
/// transport, as a virtual USB device.
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
        // Every suite but t4t-layout: its layouts live in the emulated tag's application, not
        // on USB, and its 128 KiB of large-file reads would take some 16 s of real air time.
        let expected = ConformanceCatalog.allCases.filter { $0.suite != "t4t-layout" }
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
