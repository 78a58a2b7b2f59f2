import ArgumentParser
import Reporting

/// `nfcrig gate`: compares a candidate run's report with a baseline's and fails on a
/// regression.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Compare a run's report with a baseline's; exit 1 on a regression.",
        discussion: """
            Prints a table of every case and metric that changed. A regression is a case that \
            passed and now fails or errors, a case missing from the candidate, or a p50 or \
            p99 latency grown by more than the tolerance and more than the minimum delta \
            (growth exactly at a limit is allowed). Exit status: 0 no regression, 1 \
            regression, 2 usage error or a report that cannot be read.

            \(CLIManual.examplesHeading)
              nfcrig gate --baseline Reports/baseline/report.json --candidate Reports/latest/report.json
              nfcrig gate --baseline Reports/baseline/report.json --candidate Reports/latest/report.json \\
                --tolerance 20% --min-delta 1ms
            """
    )

    @Option(help: "The baseline run: its report.json or its run directory.")
    var baseline: String

    @Option(help: "The candidate run: its report.json or its run directory.")
    var candidate: String

    @Option(help: "Relative growth allowed for p50 and p99: 10% or 0.1.")
    var tolerance = "10%"

    @Option(
        name: .customLong("min-delta"), help: "Absolute growth always allowed: 0.5ms, 500us, 1s.")
    var minDelta = "0.5ms"

    func validate() throws {
        _ = try limits()
    }

    func run() throws {
        let (tolerance, minimumDelta) = try limits()
        let reports: (Report, Report)
        do {
            reports = (try ReportFile.load(baseline), try ReportFile.load(candidate))
        } catch {
            throw ValidationError(error.description)
        }
        let result = Gate.compare(
            baseline: reports.0, candidate: reports.1, tolerance: tolerance,
            minimumDelta: minimumDelta)
        print(GateTable.render(result))
        if result.outcome == .regressed { throw ExitCode(1) }
    }

    private func limits() throws -> (Double, Duration) {
        do {
            return (
                try GateArguments.tolerance(tolerance),
                try GateArguments.duration(minDelta)
            )
        } catch {
            throw ValidationError(error.description)
        }
    }
}
