import ArgumentParser
import Foundation
import VirtualUSB

/// `nfcrig bench usb-read`: nfcrig vs nfcpy reading a 4 KiB NDEF message over virtual USB
/// (also part of `bench apdu`).
struct BenchUSBReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usb-read",
        abstract: "Time nfcrig and nfcpy reading a 4 KiB NDEF message over virtual USB.",
        discussion: """
            \(CLIManual.examplesHeading)
              nfcrig bench usb-read --rounds 1
            """
    )

    @Option(help: "Reads per reader.")
    var rounds = 5

    @Option(help: "A python with nfcpy (default: .build-venv/bin/python).")
    var python = ".build-venv/bin/python"

    @Option(help: "The nfcpy client.")
    var script = "Rigs/examples/nfcpy_read_ndef.py"

    func validate() throws {
        if rounds < 1 { throw ValidationError("--rounds \(rounds): must be 1 or more") }
    }

    func run() throws {
        do {
            try UMockdevWrapper.ensureActive()
        } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(1)
        }
        let (rounds, python, script) = (rounds, python, script)
        let result = waitFor {
            () -> Result<VirtualUSBReadComparison.Outcome, VirtualUSBReadComparison.Failure> in
            do {
                return .success(
                    try await VirtualUSBReadComparison.run(
                        rounds: rounds, python: python, script: script))
            } catch {
                return .failure(VirtualUSBReadComparison.Failure(description: "\(error)"))
            }
        }
        switch result {
        case .success(let outcome): StandardOutput.write(Self.table(outcome))
        case .failure(let reason):
            FileHandleOutput.standardError("error: \(reason)")
            throw ExitCode(1)
        }
    }

    /// The figures as text lines.
    static func table(_ outcome: VirtualUSBReadComparison.Outcome) -> [String] {
        func ms(_ values: [Double]?) -> String {
            guard let values, let median = VirtualUSBReadComparison.Outcome.median(values) else {
                return "-"
            }
            return String(
                format: "%.1f ms (median of %d, best %.1f)", median * 1e3, values.count,
                (values.min() ?? 0) * 1e3)
        }
        var lines = [
            "virtual USB, \(outcome.messageBytes)-byte NDEF message on a Type 4 tag:",
            "  nfcrig: " + ms(outcome.nfcrig),
            "  nfcpy:  " + (outcome.nfcpyMissing ?? ms(outcome.nfcpy)),
        ]
        if let ratio = outcome.ratio {
            lines.append(String(format: "  nfcpy / nfcrig: %.2f", ratio))
        }
        return lines
    }
}
