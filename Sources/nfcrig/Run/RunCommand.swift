import ArgumentParser
import BuildProvenance
import Conformance
import Foundation
import PacketTrace
import Reporting
import Rig
import TagReader

/// `nfcrig run`: the conformance suites on a rig, with reports in `Reports/<run-id>/`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the conformance suites on a rig and write reports.",
        discussion: """
            Prints a line per case (id, verdict, key figure) and a summary, then writes \
            report.json, junit.xml, report.md, report.html and summary.md (for a CI job's \
            summary) to OUT/<run-id>/ and points OUT/latest at it. The run passes only when some case was judged (pass or \
            fail), none failed or errored, and every suite run judged at least one case: \
            skips earn nothing. Exit status: 0 passed, 1 a case failed or errored, 2 the \
            rig, the selection or the harness is wrong, 3 nothing failed but nothing was \
            judged: every case skipped, or a suite skipped all its cases (the summary and \
            every report name those suites and the operations the DUT did not offer).

            \(CLIManual.examplesHeading)
              nfcrig run
              nfcrig run --rig Rigs/sim.yaml --suite multi-tag --suite restart-polling --repeat 20
              nfcrig run --case NDEF-W-006 --dut-fault unsafe-write-order --trace all
              nfcrig run --rig Rigs/nfcpy-sim.yaml --suite iso7816
            """
    )

    @Option(help: "The rig file.")
    var rig: String = "Rigs/sim.yaml"

    @Option(name: .customLong("suite"), help: "Run only this suite (repeatable).")
    var suites: [String] = []

    @Option(name: .customLong("case"), help: "Run only the case with this ID (repeatable).")
    var cases: [String] = []

    @Option(
        name: .customLong("repeat"),
        help: """
            Repetitions per case: exactly N, overriding the rig file's repeat and a case's own \
            count (the latency suite runs 100 by default, 20 for its heaviest cases).
            """)
    var repeatCount: Int?

    @Option(help: "Where reports go.")
    var out: String = "Reports"

    @Option(
        help: """
            Judge every suite under this profile (nfc-forum, iso14443, corenfc), setting aside \
            the rig file's profiles; without --suite, only the suites it judges run.
            """)
    var profile: String?

    @Option(
        name: .customLong("dut-fault"),
        help: """
            A deliberate fault of the reference reader (repeatable): restart-delay=800ms, \
            unsafe-write-order, no-chunk-reassembly, reads-multiple-tags, reports-cached-message, \
            first-record-not-first-uri, first-tlv-only, one-byte-tlv-length, \
            ignores-lock-bits, ignores-memory-control, ignores-wtx, never-sends-rnak, \
            no-chip-recovery; \
            Type 2 (t2t-layout): ignores-cc-version, reads-past-terminator, \
            reads-past-data-area, reads-tlv-header-past-data-area, blind-type2-write; Type 4 (t4t-layout): select-without-le, extended-cc-read, hardcoded-cc-size, \
            reads-past-file, rejects-proprietary-access, accepts-unknown-mapping; ISO 7816 \
            sessions (iso7816, latency): no-aid-fallback, selects-any-aid, status-word-errors, \
            automatic-get-response, short-apdus-only, stale-answer-after-loss, \
            zero-le-as-absent; NDEF read and \
            write: nlen-off-by-one, tlv-length-off-by-one, capacity-includes-length-field, \
            ignores-write-access, unformatted-as-empty, decodes-empty-message, \
            refuses-empty-message, skips-length-write, relaxed-ndef-decoding, \
            requires-terminator, exact-cc-version, known-data-area-sizes, ignores-mle-mlc, \
            writes-unformatted; \
            background dispatch: web-links-only, dispatches-custom-schemes, \
            ignores-smart-poster; the host's ISO-DEP (isodep-errors): chains-within-fsc-minus-1, ignores-answer-chaining, \
            ignores-sfgi, fixed-ats-offsets, grants-any-wtxm, needs-deselect-answer, \
            no-retry-at-long-fwt, no-retry-after-wtx, wtx-in-chain-as-data, \
            uncapped-wtx-wait; Type 4 \
            layouts: no-version1-fallback, exact-mapping-version, ignores-cclen, ignores-mle, \
            ignores-mlc, partial-message-on-error, reads-past-zero-length, \
            ignores-ndef-select-status, assumes-ndef-file-e104, write-access-as-read-access, \
            no-offset-data-object, read-error-as-no-ndef, cc-read-by-cclen, \
            short-answer-ends-read, loops-on-empty-read, ignores-read-access; ISO 7816 \
            discovery: selects-every-aid, fci-as-application-data, historical-bytes-after-t0; \
            NDEF reader sessions (corenfc-session): ignores-invalidate-after-first-read, \
            times-out-early, polls-after-invalidation, reads-after-invalidation, \
            stops-after-first-tag.
            """)
    var dutFaults: [String] = []

    @Option(
        name: .customLong("trace"),
        help: """
            Which cases keep a trace file (RF and USB, pcapng) in OUT/<run-id>/traces: \
            failing (fail and error), all, or none.
            """)
    var traceMode: TraceMode = .failing

    @Option(
        name: .customLong("trace-limit"),
        help: """
            Records each interface of a trace keeps (its start and end; what falls between \
            is counted in the file).
            """)
    var traceLimit: Int = TraceLimit.default.maximumRecords

    @Flag(
        name: .customLong("dut-stderr"),
        help: """
            Show a process DUT's stderr live, each line stamped with the rig's time and the \
            case, on nfcrig's stderr beside the case lines. It is kept in \
            OUT/<run-id>/dut.stderr.log whether shown or not.
            """)
    var showDUTStderr = false

    func validate() throws {
        if !(2...10_000_000).contains(traceLimit) {
            throw ValidationError("--trace-limit must be between 2 and 10000000, not \(traceLimit)")
        }
        if let repeatCount, !(1...10_000).contains(repeatCount) {
            throw ValidationError("--repeat must be between 1 and 10000, not \(repeatCount)")
        }
        do {
            _ = try ReaderFaults(parsing: dutFaults)
        } catch {
            throw ValidationError("--dut-fault: \(error)")
        }
    }

    func run() throws {
        let loaded = try RigOptions.load(rig)
        var chosen = loaded.file
        if let profile {
            guard let judging = ReaderProfile(rawValue: profile) else {
                throw ValidationError(
                    "--profile must be "
                        + ReaderProfile.allCases.map(\.rawValue).joined(separator: ", ")
                        + ", not \"\(profile)\"")
            }
            chosen = ConformanceRun.judgedOnly(
                under: judging, chosen, keepingSuites: !suites.isEmpty)
        }
        let file = chosen
        var options = ConformanceRun.Options(
            suites: suites.isEmpty ? nil : suites, caseIDs: cases.isEmpty ? nil : cases,
            repeatCount: repeatCount, dutFaults: (try? ReaderFaults(parsing: dutFaults)) ?? .none,
            traceMode: traceMode,
            traceLimit: TraceLimit(
                maximumRecords: traceLimit, maximumBytes: TraceLimit.default.maximumBytes))
        // A wrong selection is reported before nfcrig re-executes itself for virtual USB.
        do {
            _ = try ConformanceRun.selectCases(file, fileName: rig, options: options)
        } catch {
            throw ValidationError("\(error)")
        }
        try VirtualUSBRequirement.ensure(for: file)
        let runID = Self.runID(rig: file.name)
        let stderrPath = try Self.dutStderrPath(for: file, out: out, runID: runID)
        options.dutStderrPath = stderrPath
        if showDUTStderr, stderrPath != nil {
            options.dutStderrEcho = { FileHandleOutput.standardError("dut: " + $0) }
        }
        let runOptions = options
        let rigName = rig
        let wall = ContinuousClock.now
        let outcome = waitFor { () -> Result<RunResult, ConformanceRun.Failure> in
            do throws(ConformanceRun.Failure) {
                return .success(
                    try await ConformanceRun.run(
                        file, fileName: rigName, directory: loaded.directory,
                        options: runOptions, runID: runID,
                        nfcrigVersion: BuildProvenance.version,
                        commit: BuildProvenance.commit, treeDirty: BuildProvenance.treeDirty,
                        progress: { print(RunProgress.line(for: $0)) }))
            } catch {
                return .failure(error)
            }
        }
        let result: RunResult
        switch outcome {
        case .success(let run): result = run
        case .failure(let failure): throw ValidationError("\(failure)")
        }
        print(RunProgress.summary(result, wallTime: ContinuousClock.now - wall))
        do {
            let directory = try ReportWriter.write(result, to: URL(fileURLWithPath: out))
            print("reports: \(directory.path)")
        } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(2)
        }
        switch result.outcome {
        case .passed: break
        case .failed, .errored: throw ExitCode(1)
        case .nothingJudged: throw ExitCode(Self.nothingJudgedStatus)
        }
    }

    /// The exit status of a run that judged nothing (or left a suite unjudged) and failed
    /// nothing: not 0, since skips earn no pass, and not 1, so that a script can tell it
    /// from a failing reader.
    static let nothingJudgedStatus: Int32 = 3

    /// Where a process DUT's stderr goes: `dut.stderr.log` in the run's report folder, made
    /// now so that the log is written as the run goes; nil for the reference reader.
    static func dutStderrPath(for file: RigFile, out: String, runID: String) throws -> String? {
        guard case .process = file.dut else { return nil }
        let folder = URL(fileURLWithPath: out).appendingPathComponent(runID, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("cannot create the report folder \(folder.path): \(error)")
        }
        return folder.appendingPathComponent(DUTStderrLog.fileName).path
    }

    static func runID(rig: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let safe = rig.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        return formatter.string(from: Date()) + "-" + String(safe)
    }
}
