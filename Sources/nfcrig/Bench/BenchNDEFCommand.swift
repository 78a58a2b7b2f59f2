import ArgumentParser
import Benchmarks
import Foundation
import NDEF

/// `nfcrig bench ndef`: NDEF decode throughput, with ndeflib on the same corpus for a ratio.
struct BenchNDEFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ndef",
        abstract: "Measure NDEF decode throughput and compare with ndeflib.",
        discussion: """
            Writes the mixed corpus to OUT/ndef-corpus.bin, runs the measurements, runs \
            ndeflib on the same file when --ndeflib-python is given, prints a table and \
            writes OUT/ndef.json.

            \(CLIManual.examplesHeading)
              nfcrig bench ndef --ndeflib-python .build-venv/bin/python
              nfcrig bench ndef --rounds 1 --round-milliseconds 50 --out /tmp/bench
            """
    )

    @Option(help: "Directory for ndef.json and the corpus file.")
    var out: String = "Reports/bench"

    @Option(help: "Python interpreter that has ndeflib (e.g. .build-venv/bin/python).")
    var ndeflibPython: String?

    @Option(help: "The ndeflib benchmark script.")
    var ndeflibScript: String = "Scripts/ndeflib_bench.py"

    @Option(help: "Messages in the mixed corpus.")
    var messages: Int = 2000

    @Option(help: "Milliseconds per timing round.")
    var roundMilliseconds: Int = 200

    @Option(help: "Timing rounds of each measurement; the best is kept.")
    var rounds: Int = BenchClock.defaultRounds

    @Option(
        help: .init(
            "Run only these measurement groups (comma-separated).",
            discussion: "Groups: " + NDEFBenchmark.groups.joined(separator: ", ") + "."))
    var only: String?

    func validate() throws {
        try CommandLineValues.checkSelection(only, known: NDEFBenchmark.groups, noun: "group")
        guard messages > 0 else { throw ValidationError("--messages must be at least 1") }
        guard roundMilliseconds > 0 else {
            throw ValidationError("--round-milliseconds must be at least 1")
        }
        guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
    }

    func run() throws {
        #if DEBUG
            FileHandleOutput.standardError(
                "warning: this is a debug build; figures are not meaningful (make bench)")
        #endif
        let benchmark = try NDEFBenchmark(
            clock: BenchClock(
                minimumRoundDuration: .milliseconds(roundMilliseconds), rounds: rounds),
            messageCount: messages)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let corpusPath = out + "/ndef-corpus.bin"
        try Data(benchmark.corpus.fileContents).write(to: URL(fileURLWithPath: corpusPath))
        var report = NDEFBenchReport(
            corpus: benchmark.corpus,
            measurements: benchmark.run(
                only: only.map { Set($0.split(separator: ",").map(String.init)) }))
        if let ndeflibPython {
            report.ndeflib = try NDEFLibRun.measure(
                python: ndeflibPython, script: ndeflibScript, corpus: corpusPath)
        }
        print(report.table())
        let data = try report.json()
        try data.write(to: URL(fileURLWithPath: out + "/ndef.json"))
        print("wrote \(out)/ndef.json")
    }
}
