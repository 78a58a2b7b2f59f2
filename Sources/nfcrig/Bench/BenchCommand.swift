import ArgumentParser

/// `nfcrig bench`: throughput benchmarks (run them on a release build).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Throughput benchmarks; build with -c release first (make bench does).",
        subcommands: [
            BenchNDEFCommand.self, BenchAPDUCommand.self, BenchUSBReadCommand.self,
            BenchTraceCommand.self,
        ]
    )
}
