import ArgumentParser
import Foundation
import Reporting

/// `nfcrig gate`: compares a candidate run's report with a baseline's and fails on a
/// regression or on lost coverage.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract:
            "Compare a run's report with a baseline's; exit 1 on a regression or lost coverage.",
        discussion: """
            Prints both runs' DUT, nfcrig build, profile, catalogue and outcome, then a table \
            of every case and metric that changed. A regression is a case that passed and \
            now fails or errors, or a metric whose median grew beyond both limits whatever \
            the noise: with at least 8 samples in each run, the whole 99% confidence \
            interval of the shift of its median (Hodges-Lehmann, rank-based) lies above \
            the tolerance of the baseline's median and above the minimum delta. A shift \
            whose interval reaches inside the limits is within noise; a metric with fewer \
            samples in either run (or a report before schema 4, which kept none) is listed \
            as not enough samples to judge. p99 is shown, not judged. Lost coverage fails \
            the gate too: a case missing from the candidate, a case that passed or failed \
            and now skips, a metric measured in the baseline and not in the candidate. \
            --accept and --accept-file accept listed lost coverage on purpose; an entry \
            that accepts nothing is warned about. The gate refuses to compare runs judged \
            under different profiles or by different case catalogues (the catalogue \
            fingerprint in report.json) unless allowed; a report too old to record them \
            gets a warning. --html and --markdown also write the comparison, with a plot \
            of both runs' samples per regressed or improved metric (the Markdown's plots \
            go to a folder beside it: gate.md, gate-plots/), or the refusal. Exit status: \
            0 no regression, 1 regression or lost coverage, 2 usage error, a report that \
            cannot be read, runs that do not compare, or a file that cannot be written.

            \(CLIManual.examplesHeading)
              nfcrig gate --baseline Reports/baseline/report.json --candidate Reports/latest/report.json
              nfcrig gate --baseline Reports/baseline/report.json --candidate Reports/latest/report.json \\
                --tolerance 20% --min-delta 1ms
              nfcrig gate --baseline Reports/baseline --candidate Reports/latest \\
                --accept BG-001 --accept NDEF-R-013:readTime.1KiB
              nfcrig gate --baseline Reports/baseline --candidate Reports/latest \\
                --html gate.html --markdown gate.md
            """
    )

    @Option(help: "The baseline run: its report.json or its run directory.")
    var baseline: String

    @Option(help: "The candidate run: its report.json or its run directory.")
    var candidate: String

    @Option(help: "Growth of a median allowed, relative to the baseline's: 10% or 0.1.")
    var tolerance = "10%"

    @Option(
        name: .customLong("min-delta"), help: "Absolute growth always allowed: 0.5ms, 500us, 1s.")
    var minDelta = "0.5ms"

    @Option(
        name: .customLong("accept"),
        help: """
            Accept lost coverage on purpose (repeatable): CASE-ID for all of a case's (it \
            skips or is missing, its metrics are gone), CASE-ID:metric for one metric's.
            """)
    var accepted: [String] = []

    @Option(
        name: .customLong("accept-file"),
        help: "A file of accept entries, one per line; # starts a comment.")
    var acceptFile: String?

    @Option(help: "Also write the comparison as an HTML page with plots to this file.")
    var html: String?

    @Option(
        help: "Also write the comparison as Markdown to this file, its plots to a folder beside it."
    )
    var markdown: String?

    @Flag(help: "Compare runs judged under different profiles.")
    var allowDifferentProfile = false

    @Flag(help: "Compare runs of different case catalogues (cases added, removed or changed).")
    var allowDifferentCatalogue = false

    func validate() throws {
        _ = try limits()
        _ = try commandLineAcceptances()
        do {
            if let html { try GateDocument.checkParent(of: html, option: "--html") }
            if let markdown { try GateDocument.checkParent(of: markdown, option: "--markdown") }
        } catch {
            throw ValidationError(error.description)
        }
        // A comparison written over a report it reads would destroy the baseline.
        let reports = [baseline, candidate].map { Self.canonical(ReportFile.location(of: $0)) }
        for (option, path) in [("--html", html), ("--markdown", markdown)] {
            guard let path else { continue }
            if reports.contains(Self.canonical(path)) {
                throw ValidationError(
                    "\(option) \(path): is a report the gate reads; name another file")
            }
        }
        if let html, let markdown, Self.canonical(html) == Self.canonical(markdown) {
            throw ValidationError("--html and --markdown both name \(html); name two files")
        }
    }

    /// The absolute path with symbolic links resolved, for comparing two names of a file.
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    func run() throws {
        let (tolerance, minimumDelta) = try limits()
        var acceptances = try commandLineAcceptances()
        if let acceptFile {
            let text: String
            do {
                text = try String(contentsOf: URL(fileURLWithPath: acceptFile), encoding: .utf8)
            } catch {
                throw ValidationError(
                    "--accept-file \(acceptFile): cannot be read: "
                        + (FileManager.default.fileExists(atPath: acceptFile)
                            ? (error as NSError).localizedDescription : "no such file"))
            }
            do {
                acceptances += try GateArguments.acceptances(file: text, name: acceptFile)
            } catch {
                throw ValidationError(error.description)
            }
        }
        let reports: (Report, Report)
        do {
            reports = (try ReportFile.load(baseline), try ReportFile.load(candidate))
        } catch {
            throw ValidationError(error.description)
        }
        let warnings: [String]
        do {
            warnings = try Gate.check(
                baseline: reports.0, candidate: reports.1,
                allowDifferentProfile: allowDifferentProfile,
                allowDifferentCatalogue: allowDifferentCatalogue)
        } catch {
            try write(
                GateDocument(
                    .refused(
                        reason: error.description, baseline: GateRunFacts(reports.0),
                        candidate: GateRunFacts(reports.1))))
            throw ValidationError(error.description)
        }
        let result = Gate.compare(
            baseline: reports.0, candidate: reports.1, tolerance: tolerance,
            minimumDelta: minimumDelta, accepting: acceptances, warnings: warnings)
        print(GateTable.render(result))
        try write(GateDocument(.compared(result)))
        if result.outcome == .regressed { throw ExitCode(1) }
    }

    /// Writes the --html and --markdown files, if asked for.
    private func write(_ document: GateDocument) throws {
        guard html != nil || markdown != nil else { return }
        do {
            try document.write(html: html, markdown: markdown)
        } catch {
            throw ValidationError(error.description)
        }
    }

    private func commandLineAcceptances() throws -> [GateAcceptance] {
        do {
            return try accepted.map { text throws(GateArgumentError) in
                try GateArguments.acceptance(text)
            }
        } catch {
            throw ValidationError(error.description)
        }
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
