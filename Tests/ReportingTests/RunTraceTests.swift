import Conformance
import Foundation
import NFCRigTestSupport
import PN533
import PacketTrace
import Reporting
import Rig
import Testing

/// The traces of a run on the simulated rig, judged by Wireshark's own decoder.
@Suite(.enabled(if: TShark.program != nil, "NFCRIG_TSHARK is unset; `make test` sets it"))
struct RunTraceTests {
    let tshark = TShark(program: TShark.program ?? "tshark")

    /// `Rigs/sim.yaml` run once per case with every case keeping its trace: once for the
    /// whole suite.
    static let run: Task<RunResult, any Error> = Task {
        // One repetition: every case's trace is what is judged, not their repeats.
        try await SimRigRun.run(
            ConformanceRun.Options(repeatCount: 1, traceMode: .all), runID: "trace-test")
    }

    /// Writes every kept trace into a new folder; returns the files by case ID.
    static func traceFiles() async throws -> [String: URL] {
        let run = try await run.value
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-run-traces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(TraceFiles.folder),
            withIntermediateDirectories: true)
        let rendered = TraceFiles.render(run)
        #expect(rendered.failures.isEmpty)
        var files: [String: URL] = [:]
        for result in run.cases {
            let name = TraceFiles.path(for: result.id)
            guard let file = rendered.files.first(where: { $0.name == name }) else { continue }
            let url = folder.appendingPathComponent(name)
            try file.contents.write(to: url)
            files[result.id] = url
        }
        return files
    }

    @Test func everyCaseOfTheSimulatedRigKeepsATraceThatTSharkDecodesWithoutComplaint()
        async throws
    {
        let run = try await Self.run.value
        let files = try await Self.traceFiles()
        #expect(files.count == run.cases.count)
        #expect(run.cases.count > 60)
        var deselects = 0
        var extendedFrames = 0
        // The cases whose card damages one answer's CRC on purpose (`wrongCRCOnce`).
        // Diagnose 06 presence checks (`NFCReferenceReader+Session`).
        var presenceChecks = 0
        var damagedOnPurpose: Set<String> = []
        for (id, url) in files.sorted(by: { $0.key < $1.key }) {
            let capture = try PcapngReader.read(Array(try Data(contentsOf: url)))
            let complaints = try tshark.fields(url, ["frame.number"], filter: TShark.complaints)
            for row in complaints {
                let number = try #require(Int(row[0]))
                let bytes = capture.packets[number - 1].record.bytes
                if bytes == CRCA.appending(to: [0xC2]) {
                    // tshark's first known false report: a correct S(DESELECT) is one byte
                    // and its CRC, which its dissector calls malformed for want of an INF
                    // byte.
                    deselects += 1
                } else if bytes.starts(with: [0x00, 0x00, 0xFF, 0xFF, 0xFF]),
                    (try? PN533Frame.decode(transfer: bytes)) != nil
                {
                    // The second: its PN532 dissector reads an extended frame's length from
                    // the FF FF marker before it (65535) and so finds the length checksum
                    // wrong; nfcrig's own decoder checks both checksums of this frame.
                    extendedFrames += 1
                } else if Self.isPresenceCheck(bytes) {
                    // The third: its PN532 dissector reads a parameter length after every
                    // Diagnose test number, but the card presence test (NumTst 06, as libnfc
                    // sends it) has none, so it runs off the frame, and off the answer after
                    // it; the reference reader's NDEF reader session checks presence so.
                    presenceChecks += 1
                } else if ["ISODEP-E-019", "ISODEP-E-020"].contains(id),
                    CRCA.stripping(bytes) == nil
                {
                    // Not a false report: the card sent this block with a wrong CRC_A.
                    damagedOnPurpose.insert(id)
                } else {
                    Issue.record("\(id): tshark complains about frame \(number): \(bytes)")
                }
            }
        }
        // The multi-tag cases deselect, the largest reads use extended frames, two cards
        // damage a CRC and the session cases check a tag's presence, so every exception is exercised, not assumed.
        #expect(deselects > 0)
        #expect(extendedFrames > 0)
        #expect(damagedOnPurpose == ["ISODEP-E-019", "ISODEP-E-020"])
        #expect(presenceChecks > 0)
    }

    /// A Diagnose card presence test (NumTst 06) or a Diagnose answer, as a whole frame.
    static func isPresenceCheck(_ bytes: [UInt8]) -> Bool {
        switch try? PN533Frame.decode(transfer: bytes) {
        case .information(.hostToChip, code: 0x00, let data): data == [0x06]
        case .information(.chipToHost, code: 0x01, let data): data.count == 1
        default: false
        }
    }

    @Test func aType4ReadShowsSelectFileAndReadBinaryAtTheISO7816Layer() async throws {
        let files = try await Self.traceFiles()
        let url = try #require(files["NDEF-R-001"])
        let info = try tshark.fields(url, ["_ws.col.Info"], filter: "iso7816").map { $0[0] }
        #expect(info.contains("Select file"))
        #expect(info.contains { $0.hasPrefix("Read binary") })
        #expect(info.contains("Response APDU (to Read binary)"))
    }

    @Test func aChainedAnswerIsReassembledByTShark() async throws {
        let files = try await Self.traceFiles()
        // Reading a full Type 4 tag takes answers longer than the reader's frame size.
        let url = try #require(files["NDEF-R-013"])
        let reassembled = try tshark.fields(
            url, ["iso14443.apdu_fragment"], filter: "iso14443.apdu_reassembled.length")
        #expect(!reassembled.isEmpty)
        #expect(reassembled.allSatisfy { $0[0].contains(",") })
    }

    @Test func timestampsNeverGoBackwardsWithinAnInterface() async throws {
        let run = try await Self.run.value
        for result in run.cases {
            let trace = try #require(result.trace, "\(result.id) kept no trace")
            #expect(trace.interfaces.contains { $0.interface.link == .rf })
            #expect(
                trace.interfaces.filter { $0.interface.linkType == .usbLinuxMemoryMapped }.count
                    == 3)
            for interface in trace.interfaces {
                let times = interface.records.map(\.timestamp)
                #expect(times == times.sorted(), "\(result.id) \(interface.interface.name)")
            }
        }
    }

    @Test func aKeptTraceLiesWithinItsCasesVirtualTimeAndIsTheDecidingRepetitions()
        async throws
    {
        let file = RigFile(
            name: "trace-time",
            emulators: [RigFile.Emulator(id: "tag-a", device: .sim)],
            dut: .reference(device: .sim))
        let rig = try await AssembledRig.assemble(
            file, directory: FileManager.default.temporaryDirectory)
        let chip = try #require(rig.readerChip)
        let dut = ReferenceDUT(chip: chip, clock: rig.readerClock)
        _ = try await rig.run { try await dut.hello() }
        let runner = ConformanceRunner(rig: rig, dut: dut, repeatCount: 3, traceMode: .all)
        let readCase = try #require(ConformanceCatalog.cases(suite: "ndef-read")?.first)
        let before = TraceTime.nanoseconds(rig.now)
        let result = await runner.run(readCase)
        let after = TraceTime.nanoseconds(rig.now)
        #expect(result.verdict == .pass)
        let trace = try #require(result.trace)
        // All three passed alike: the last repetition stands for them.
        #expect(trace.repetition == 2)
        let times = trace.interfaces.flatMap(\.records).map(\.timestamp)
        #expect(!times.isEmpty)
        #expect(times.allSatisfy { (before...after).contains($0) })
        // The last of three repetitions starts after the first two took their time.
        #expect(times.min()! > before + (after - before) / 2)
        await rig.run { await dut.close() }
        await rig.close()
    }

    @Test func aTraceOverItsLimitKeepsItsStartAndEndAndSaysWhatItDropped() async throws {
        func rfTrace(limit: TraceLimit) async throws -> (InterfaceTrace, RunResult) {
            let file = RigFile(
                name: "trace-limit",
                emulators: [RigFile.Emulator(id: "tag-a", device: .sim)],
                dut: .reference(device: .sim))
            let run = try await ConformanceRun.run(
                file, fileName: "limit.yaml", directory: FileManager.default.temporaryDirectory,
                options: ConformanceRun.Options(
                    caseIDs: ["NDEF-R-001"], traceMode: .all, traceLimit: limit),
                runID: "trace-limit", nfcrigVersion: "test", commit: nil, progress: { _ in })
            let trace = try #require(run.cases.first?.trace)
            return (try #require(trace.interfaces.first { $0.interface.name == "rf" }), run)
        }
        // Virtual time: both runs give the same frames, one kept whole.
        let (whole, _) = try await rfTrace(limit: .default)
        let (bounded, run) = try await rfTrace(
            limit: TraceLimit(maximumRecords: 40, maximumBytes: 1 << 20))
        #expect(whole.gap == nil)
        #expect(whole.records.count > 40)
        #expect(bounded.records.count == 40)
        #expect(Array(bounded.records.prefix(20)) == Array(whole.records.prefix(20)))
        #expect(Array(bounded.records.suffix(20)) == Array(whole.records.suffix(20)))
        let gap = try #require(bounded.gap)
        #expect(gap.records == whole.records.count - 40)
        let written = try #require(TraceFiles.render(run).files.first)
        let capture = try PcapngReader.read(Array(written.contents))
        #expect(capture.packets.contains { !$0.comments.isEmpty })
    }
}
