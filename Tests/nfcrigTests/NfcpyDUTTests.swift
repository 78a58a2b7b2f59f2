import Conformance
import Foundation
import HexText
import PacketTrace
import Reporting
import Rig
import Testing

/// nfcpy as a device under test (`Rigs/nfcpy-sim.yaml`): every suite through
/// `Rigs/duts/nfcpy_dut.py` on a simulated reader chip over virtual USB. Each verdict must be
/// the one docs/nfcpy.md's table gives for nfcpy, and the simulator must behave as a PN533 where
/// nfcpy relies on it. `make test` sets NFCRIG_CLIENT_TESTS=1 (nfcpy in the venv, umockdev).
@Suite(
    .serialized, .timeLimit(.minutes(3)),
    .needsThirdPartyClients
)
struct NfcpyDUTTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let rig = root.appendingPathComponent("Rigs/nfcpy-sim.yaml").path

    /// Runs `arguments` after `run --rig Rigs/nfcpy-sim.yaml` and loads the report. Every
    /// fail message must name only frames its trace file holds (`ReportEvidence`).
    static func run(_ arguments: [String] = []) throws -> (NFCRigProcess.Outcome, Report) {
        let out = try TemporaryFolder(prefix: "nfcrig-nfcpy")
        let outcome = try NFCRigProcess.run(
            ["run", "--rig", rig, "--out", out.url.path] + arguments)
        let report = try ReportFile.load(out.url.path + "/latest")
        let unsupported = try ReportEvidence.unsupportedClaims(
            in: report, folder: out.url.path + "/latest", source: "nfcpy")
        #expect(unsupported.isEmpty, "\(unsupported.joined(separator: "\n"))")
        return (outcome, report)
    }

    /// The table of nfcpy's verdicts in docs/nfcpy.md (`| case | profile | nfcpy | why |`,
    /// the verdict marked *adapter* where the adapter decides it): case ID → verdict and
    /// whether the adapter decides it, and the profile it was judged under.
    static func documentedVerdicts() throws -> [String: DocumentedVerdicts.Row] {
        try DocumentedVerdicts.read("docs/nfcpy.md")
    }

    /// The nfcpy adapter answers every step of `nfcrig dut check` as the protocol asks.
    @Test func theAdapterPassesTheDUTCheck() throws {
        let outcome = try NFCRigProcess.run(["dut", "check", "--rig", Self.rig])
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(outcome.stdout.contains("ok    hello: nfcpy 1.0.4 reader app"))
        #expect(outcome.stdout.contains("12 steps: 12 ok, 0 wrong, 0 skipped"), "\(outcome.stdout)")
    }

    @Test func everyCaseGetsTheVerdictTheDocsGiveForNfcpy() throws {
        let documented = try Self.documentedVerdicts()
        let (outcome, report) = try Self.run()
        #expect(outcome.status == 1, "nfcpy fails some cases: \(outcome.stderr)")
        #expect(report.dut.name == "nfcpy 1.0.4 reader app")
        #expect(report.dut.firmware.contains("PN533"), "\(report.dut.firmware)")
        // nfcpy runs ISO-DEP itself, so the report calls the isodep-errors verdicts its own.
        #expect(report.dut.isoDEP == .host)
        #expect(report.notes.contains { $0.contains("these verdicts are its own") })
        #expect(report.dut.adapterAdds == [.aidSelection, .errorNames, .tagProperties])
        #expect(report.cases.count == 191)
        #expect(Set(documented.keys) == Set(report.cases.map(\.id)))
        for result in report.cases {
            let row = documented[result.id]
            #expect(
                result.verdict.rawValue == row?.verdict,
                "\(result.id): \(result.verdict.rawValue) (\(result.message))")
            #expect(
                result.profile == row?.profile, "\(result.id): judged under \(result.profile ?? "")"
            )
            #expect(
                (result.adapterDecides != nil) == row?.adapter,
                "\(result.id): the adapter decides it: \(result.adapterDecides ?? [])")
        }
        // No error: nfcpy's process dying on a short ATS is its crash on the tag, a fail.
        // Each failure names its evidence.
        #expect(report.cases.filter { $0.verdict == .error }.map(\.id) == [])
        let messages = Dictionary(uniqueKeysWithValues: report.cases.map { ($0.id, $0.message) })
        let evidence = [
            "NDEF-W-006": "changed the length field and the message together",
            "NDEF-W-014": "UnboundLocalError",
            "RESTART-001": "expected 2 or more tag(s), the DUT reported 1",
            "CHUNK-001": "unchanged",
            "CHUNK-008": "the DUT's application got",
            "BG-001": "nfcpy has no background tag reading",
            "ISODEP-E-013": "the DUT crashed on the tag",
            "ISODEP-E-008": "never sent S(DESELECT)",
            "ISODEP-E-017": "granted S(WTX) with WTXM 0",
            "ISODEP-E-029": "never asked for the lost answer with R(NAK)",
            "ISODEP-E-032": "sent no R(NAK)",
            "T2T-L-018": "past the data area",
            "T4T-L-033": "off a tag it had to refuse",
            "T4T-L-013": "holds no message (length 0)",
            "T4T-L-015": "read past the file its CC announces",
        ]
        #expect(messages["ISODEP-E-013"]?.contains("IndexError") == true, "the stderr excerpt")
        for (id, phrase) in evidence {
            #expect(messages[id]?.contains(phrase) == true, "\(id): \(messages[id] ?? "")")
        }
    }

    @Test func nfcpyReadsAType4TagAfterAType2TagInOneSession() throws {
        // One DUT process, so one nfcpy session: the Type 2 read turns the chip's receive CRC
        // off, and the next activation must turn it back on as a PN533 does.
        let (_, report) = try Self.run(["--case", "NDEF-R-003", "--case", "NDEF-R-004"])
        #expect(report.cases.map(\.id) == ["NDEF-R-003", "NDEF-R-004"])
        for result in report.cases {
            #expect(result.verdict == .pass, "\(result.id): \(result.message)")
        }
    }

    @Test func anEmptyPollCostsNfcpyNoType1Poll() throws {
        let python = Self.root.appendingPathComponent(".build-venv/bin/python").path
        let script = Self.root.appendingPathComponent("Scripts/nfcpy_empty_poll.py").path
        let outcome = try NFCRigProcess.run(
            ["sim", "usb", "--timeout", "30s", "--", python, script])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("target: None"), "\(outcome.stdout)")
        let polls = outcome.stdout.split(separator: "\n").filter {
            $0.hasPrefix("InListPassiveTarget BrTy")
        }
        #expect(polls == ["InListPassiveTarget BrTy 00"], "\(outcome.stdout)")
    }

    @Test func theTraceHoldsNfcpysFramesAsTheFieldSawThem() throws {
        let out = try TemporaryFolder(prefix: "nfcrig-nfcpy-trace")
        _ = try NFCRigProcess.run(
            ["run", "--rig", Self.rig, "--out", out.url.path, "--case", "NDEF-R-001"]
                + ["--trace", "all"])
        let report = try ReportFile.load(out.url.path + "/latest")
        let path = try #require(report.cases.first?.trace)
        let capture = try PcapngReader.read(
            Array(try Data(contentsOf: URL(fileURLWithPath: out.url.path + "/latest/" + path))))
        let names = capture.interfaces.map { $0.name ?? "" }
        // The field is traced; USB only for the chips nfcrig drives, not nfcpy's reader.
        #expect(names == ["rf", "usb-tag-a", "usb-tag-b"])
        let toCard = capture.packets.filter { $0.interface == 0 && $0.record.kind == .pcdToPICC }
            .map(\.record.bytes)
        // nfcpy's own frames: its REQA, its RATS, its SELECT of the NDEF application
        // (nfcpy sends it with Le).
        #expect(toCard.contains([0x26]))
        #expect(toCard.contains { $0.first == 0xE0 && $0.count == 4 })
        let select: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01]
        #expect(
            toCard.contains { frame in
                frame.count > select.count + 3
                    && Array(frame.dropFirst().prefix(select.count)) == select
            }, "\(toCard.map { Hex.encode($0) })")
    }
}
