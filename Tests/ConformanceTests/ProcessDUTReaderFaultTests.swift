import Conformance
import Foundation
import PN533Sim
import Rig
import Testing

/// A process DUT's own reader is a simulated chip like any other: a fault injected into it
/// reaches the third-party stack behind the DUT (nfcpy here), and the case judges what the
/// DUT then did. Runs under umockdev-wrapper (`make test` sets NFCRIG_VIRTUAL_USB=1 for it),
/// with nfcpy from the venv `make deps` makes.
@Suite(
    .serialized, .timeLimit(.minutes(2)),
    .enabled(
        if: ProcessInfo.processInfo.environment["NFCRIG_VIRTUAL_USB"] == "1",
        "needs umockdev-wrapper's preload library (make test runs it so)")
)
struct ProcessDUTReaderFaultTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func aCardLeavingTheDUTsFieldMidReadFailsTheCaseWithTheDUTsWords() async throws {
        let file = RigFile(
            name: "nfcpy-fault", clock: .wall,
            emulators: [RigFile.Emulator(id: "tag-a", device: .sim)],
            dut: .process(
                ProcessDUTSpec(
                    command: [
                        Self.root.appendingPathComponent(".build-venv/bin/python").path,
                        "duts/nfcpy_dut.py",
                    ], helloTimeout: .seconds(10), reader: .virtualUSB)))
        let directory = Self.root.appendingPathComponent("Rigs")
        let rig = try await AssembledRig.assemble(file, directory: directory)
        guard case .process(let spec) = file.dut else { return }
        let dut = ProcessDUT(
            spec: spec, directory: directory, environment: rig.dutEnvironment,
            now: { rig.now })
        #expect(try await dut.hello().name.hasPrefix("nfcpy "))
        let runner = ConformanceRunner(rig: rig, dut: dut, repeatCount: 1)
        let fullTag = try #require(ConformanceCatalog.allCases.first { $0.id == "NDEF-R-013" })

        let clean = await runner.run(fullTag)
        #expect(clean.verdict == .pass, "\(clean.message)")
        // Activation and NDEF detection send about 60 bytes to the card, the 2 KiB message
        // takes nine READ BINARY of 8 bytes more: the card leaves while it is read.
        let chip = try #require(rig.dutReader?.simulated)
        await chip.inject(.targetLeavesAfter(bytes: 80))
        let faulted = await runner.run(fullTag)
        #expect(faulted.verdict == .fail, "\(faulted.message)")
        // nfcpy drops the tag's NDEF when a read fails: it reports no NDEF at all.
        #expect(
            faulted.message == "the DUT returned no message (status notSupported); the tag holds "
                + "2046 bytes")
        await dut.close()
        await rig.close()
    }
}
