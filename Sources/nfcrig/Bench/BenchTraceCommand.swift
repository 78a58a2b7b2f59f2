import ArgumentParser
import Conformance
import Foundation
import Reporting
import Rig

/// `nfcrig bench trace`: what keeping every case's trace costs a run, in time and disk.
struct BenchTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Measure what --trace all costs a run against --trace none.",
        discussion: """
            Runs every suite on the rig with --trace none and --trace all in turns, each \
            round writing its reports (and traces) to a scratch folder, and compares the \
            median wall times and the traces' total size with the targets (1.2x, 20 MB). \
            Prints a table and writes OUT/trace.json.

            \(CLIManual.examplesHeading)
              nfcrig bench trace --rig Rigs/sim.yaml --rounds 1 --out /tmp/bench
            """
    )

    @Option(help: "The rig file (a virtual-clock rig: a wall-clock rig measures its waits).")
    var rig: String = "Rigs/sim.yaml"

    @Option(help: "Rounds of each mode; the median is kept.")
    var rounds: Int = 5

    @Option(help: "Directory for trace.json.")
    var out: String = "Reports/bench"

    static let timeRatioTarget = 1.2
    static let bytesTarget = 20_000_000

    func validate() throws {
        guard (1...100).contains(rounds) else {
            throw ValidationError("--rounds must be between 1 and 100, not \(rounds)")
        }
    }

    func run() throws {
        #if DEBUG
            FileHandleOutput.standardError(
                "warning: this is a debug build; figures are not meaningful (make bench)")
        #endif
        let file = try RigOptions.load(rig).file
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("nfcrig-bench-trace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var seconds: [TraceMode: [Double]] = [.none: [], .all: []]
        var traceBytes = 0
        var cases = 0
        for round in 0..<rounds {
            for mode in [TraceMode.none, .all] {
                let (elapsed, folder, count) = try timedRun(file, mode: mode, round: round, scratch)
                seconds[mode, default: []].append(elapsed)
                cases = count
                if mode == .all { traceBytes = try Self.bytes(in: folder) }
            }
        }
        let without = Self.median(seconds[.none] ?? [])
        let with = Self.median(seconds[.all] ?? [])
        let ratio = with / without
        let timeMet = ratio <= Self.timeRatioTarget
        let bytesMet = traceBytes <= Self.bytesTarget
        print("trace benchmark on \(rig), \(cases) cases, median of \(rounds) round(s):")
        print("  --trace none, wall time          \(Self.format(without * 1000)) ms")
        print("  --trace all,  wall time          \(Self.format(with * 1000)) ms")
        print("  traces written                   \(Self.format(Double(traceBytes) / 1e6)) MB")
        print("targets:")
        print(
            "  [\(timeMet ? "met" : "MISSED")] --trace all / --trace none: "
                + "\(Self.format(ratio, digits: 3)) (target ≤ \(Self.timeRatioTarget))")
        print(
            "  [\(bytesMet ? "met" : "MISSED")] traces of the run: "
                + "\(Self.format(Double(traceBytes) / 1e6)) MB (target ≤ 20 MB)")
        let json: [String: Any] = [
            "schema": "nfcrig.bench.trace/1", "rig": rig, "cases": cases, "rounds": rounds,
            "noneMilliseconds": without * 1000, "allMilliseconds": with * 1000,
            "ratio": ratio, "traceBytes": traceBytes,
            "targets": ["ratio": Self.timeRatioTarget, "traceBytes": Self.bytesTarget],
        ]
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: out + "/trace.json"))
        print("wrote \(out)/trace.json")
    }

    /// One run in `mode` with its reports written: wall seconds, the run's folder, cases.
    private func timedRun(
        _ file: RigFile, mode: TraceMode, round: Int, _ scratch: URL
    ) throws -> (Double, URL, Int) {
        let rigName = rig
        let runID = "\(mode.rawValue)-\(round)"
        let directory = URL(fileURLWithPath: rig).deletingLastPathComponent()
        let start = ContinuousClock.now
        let outcome = waitFor { () -> Result<RunResult, ConformanceRun.Failure> in
            do throws(ConformanceRun.Failure) {
                return .success(
                    try await ConformanceRun.run(
                        file, fileName: rigName, directory: directory,
                        options: ConformanceRun.Options(traceMode: mode), runID: runID,
                        nfcrigVersion: NFCRig.version, commit: nil, progress: { _ in }))
            } catch {
                return .failure(error)
            }
        }
        let result: RunResult
        switch outcome {
        case .success(let run): result = run
        case .failure(let failure): throw ValidationError("\(failure)")
        }
        let folder = try ReportWriter.write(result, to: scratch)
        let elapsed = start.duration(to: .now)
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) + Double(attoseconds) / 1e18, folder, result.cases.count)
    }

    private static func bytes(in folder: URL) throws -> Int {
        let traces = folder.appendingPathComponent(TraceFiles.folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        return try names.reduce(0) { total, name in
            let attributes = try FileManager.default.attributesOfItem(
                atPath: traces.appendingPathComponent(name).path)
            return total + ((attributes[.size] as? Int) ?? 0)
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func format(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }
}
