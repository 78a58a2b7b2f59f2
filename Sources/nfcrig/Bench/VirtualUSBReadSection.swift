import Benchmarks
import Foundation

/// `bench apdu`'s `virtual_usb` measurement: `VirtualUSBReadComparison` in apdu.json.
struct VirtualUSBReadSection: APDUBenchSection {
    static let key = "virtual_usb"

    var messageBytes: Int
    var nfcrigSeconds: [Double]
    var nfcpySeconds: [Double]?
    var nfcpyMissing: String?
    var nfcrigMedianSeconds: Double?
    var nfcpyMedianSeconds: Double?
    /// nfcpy's median read time over nfcrig's.
    var nfcpyOverNfcrig: Double?

    /// The venv python `make deps` makes, or the oracle python `make test` names.
    static var python: String {
        ProcessInfo.processInfo.environment["NFCRIG_NDEFLIB_PYTHON"] ?? ".build-venv/bin/python"
    }

    static func measure(_ settings: APDUBenchSettings) async throws -> VirtualUSBReadSection {
        let outcome = try await VirtualUSBReadComparison.run(
            rounds: 5, python: python, script: "Rigs/examples/nfcpy_read_ndef.py")
        return VirtualUSBReadSection(
            messageBytes: outcome.messageBytes, nfcrigSeconds: outcome.nfcrig,
            nfcpySeconds: outcome.nfcpy, nfcpyMissing: outcome.nfcpyMissing,
            nfcrigMedianSeconds: VirtualUSBReadComparison.Outcome.median(outcome.nfcrig),
            nfcpyMedianSeconds: outcome.nfcpy.flatMap(VirtualUSBReadComparison.Outcome.median),
            nfcpyOverNfcrig: outcome.ratio)
    }

    // The rest of apdu.json is snake_case.
    private enum CodingKeys: String, CodingKey {
        case messageBytes = "message_bytes"
        case nfcrigSeconds = "nfcrig_seconds"
        case nfcpySeconds = "nfcpy_seconds"
        case nfcpyMissing = "nfcpy_missing"
        case nfcrigMedianSeconds = "nfcrig_median_seconds"
        case nfcpyMedianSeconds = "nfcpy_median_seconds"
        case nfcpyOverNfcrig = "nfcpy_over_nfcrig"
    }

    // The issue sets no threshold for this comparison: it is reported, not judged.
    var targets: [BenchTarget] { [] }

    func tableLines() -> [String] {
        BenchUSBReadCommand.table(
            VirtualUSBReadComparison.Outcome(
                messageBytes: messageBytes, nfcrig: nfcrigSeconds, nfcpy: nfcpySeconds,
                nfcpyMissing: nfcpyMissing))
    }
}
