import ArgumentParser
import Conformance
import Foundation
import Rig

/// `nfcrig dut check`: the rig's process DUT through a short fixed sequence, each answer
/// checked against the protocol and the air (`DUTCheck`).
struct DUTCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a process DUT's adapter against the DUT protocol, step by step.",
        discussion: """
            Drives the rig's process DUT on its simulated field: hello; a scan with no tag; an \
            operation the protocol does not have (it must be answered unsupported); a scan \
            sent while the last one still runs (answered with its own id); then a \
            read of a Type 4 and of a Type 2 tag, a tag without NDEF, two tags, a write and \
            its read-back, a refused write, a select and an APDU, each as the catalogue's case \
            for it judges it, on what the tags saw. Prints a line per step, and for a step \
            that fails what was wrong (quoting the DUT's line) and where the docs say how it \
            should be. A step the DUT answered unsupported is skipped, which is allowed. \
            Exits 0 when no step failed, 1 when one did, 2 when the rig cannot run.

            \(CLIManual.examplesHeading)
              nfcrig dut check --rig Rigs/nfcpy-sim.yaml
            """)

    @OptionGroup var rigOptions: RigOptions

    func run() throws {
        let loaded = try rigOptions.load()
        try VirtualUSBRequirement.ensure(for: loaded.file)
        let rigName = rigOptions.rig
        let outcome = waitFor { () -> Result<[DUTCheck.Step], ConformanceRun.Failure> in
            do throws(ConformanceRun.Failure) {
                return .success(
                    try await DUTCheck.run(
                        loaded.file, fileName: rigName, directory: loaded.directory,
                        progress: { print(Self.lines(for: $0).joined(separator: "\n")) }))
            } catch {
                return .failure(error)
            }
        }
        let steps: [DUTCheck.Step]
        switch outcome {
        case .success(let done): steps = done
        case .failure(let failure): throw ValidationError("\(failure)")
        }
        let failed = steps.filter { [.fail, .error].contains($0.verdict) }.count
        let skipped = steps.filter { $0.verdict == .skip }.count
        print(
            "\(steps.count) steps: \(steps.count - failed - skipped) ok, \(failed) wrong, "
                + "\(skipped) skipped (unsupported)")
        if failed > 0 { throw ExitCode(1) }
    }

    /// A step's lines: its verdict and name, then what was wrong and the fix.
    static func lines(for step: DUTCheck.Step) -> [String] {
        let mark =
            switch step.verdict {
            case .pass: "ok   "
            case .skip: "skip "
            case .fail: "WRONG"
            case .error: "ERROR"
            }
        var lines = ["\(mark) \(step.name): \(step.detail)"]
        if let fix = step.fix { lines.append("      fix: see \(fix)") }
        return lines
    }
}
