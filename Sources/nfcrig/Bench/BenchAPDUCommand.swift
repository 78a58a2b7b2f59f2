import ArgumentParser
import Benchmarks
import Foundation
import VirtualUSB

/// `nfcrig bench apdu`: what an APDU round trip costs the software stack, and how close the
/// simulated air comes to the ISO/IEC 14443 limit.
struct BenchAPDUCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apdu",
        abstract: "Measure APDU round trips through nfcrig's whole stack and on the modelled air.",
        discussion: """
            stack_overhead: nfcrig's reference reader connects its Type 4 tag emulator on \
            simulated PN533s with no USB or air time, then sends one APDU again and again; \
            wall-clock round trips per second. air: the same at 106, 212 and 424 kbps on the \
            modelled air, APDUs per second of virtual time against DESIGN §4's formula. \
            Prints a table and writes OUT/apdu.json.

            \(CLIManual.examplesHeading)
              nfcrig bench apdu
              nfcrig bench apdu --only air,session_air --out /tmp/bench
            """
    )

    @Option(help: "Directory for apdu.json.")
    var out: String = "Reports/bench"

    @Option(help: "Milliseconds per timing round.")
    var roundMilliseconds: Int = 200

    @Option(help: "Timing rounds of the stack-overhead measurement; the best is kept.")
    var rounds: Int = BenchClock.defaultRounds

    @Option(name: .customLong("air-apdus"), help: "APDUs per bit rate in the air measurement.")
    var airAPDUs: Int = 200

    @Option(
        help: .init(
            "Run only these measurements (comma-separated).",
            discussion: "Measurements: "
                + Self.sections.map { $0.key }.joined(separator: ", ") + "."))
    var only: String?

    func validate() throws {
        try CommandLineValues.checkSelection(
            only, known: Self.sections.map { $0.key }, noun: "measurement")
        guard airAPDUs > 0 else { throw ValidationError("--air-apdus must be at least 1") }
        guard roundMilliseconds > 0 else {
            throw ValidationError("--round-milliseconds must be at least 1")
        }
        guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
    }

    /// The Benchmarks module's measurements and the one over virtual USB, which needs the
    /// rig and umockdev.
    static let sections: [any APDUBenchSection.Type] =
        APDUBenchmark.sections + [VirtualUSBReadSection.self, NfcpySessionSection.self]

    func run() throws {
        #if DEBUG
            FileHandleOutput.standardError(
                "warning: this is a debug build; figures are not meaningful (make bench)")
        #endif
        let settings = APDUBenchSettings(
            clock: BenchClock(
                minimumRoundDuration: .milliseconds(roundMilliseconds), rounds: rounds),
            airAPDUs: airAPDUs)
        let only = only.map { Set($0.split(separator: ",").map(String.init)) }
        let needsVirtualUSB = [VirtualUSBReadSection.key, NfcpySessionSection.key]
        if only.map({ !$0.isDisjoint(with: needsVirtualUSB) }) ?? true {
            // The virtual USB reads need umockdev's preload library: run under it.
            try UMockdevWrapper.ensureActive()
        }
        let report = try waitFor { () async -> Result<APDUBenchReport, any Error> in
            do {
                return .success(
                    try await APDUBenchmark.run(settings, only: only, sections: Self.sections))
            } catch {
                return .failure(error)
            }
        }.get()
        print(report.table())
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try report.json().write(to: URL(fileURLWithPath: out + "/apdu.json"))
        print("wrote \(out)/apdu.json")
    }
}
