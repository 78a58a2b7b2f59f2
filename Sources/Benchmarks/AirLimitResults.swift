import AirLimits
import Foundation

/// Measurement B at every bit rate: `air` in apdu.json, an array.
public struct AirLimitResults: Sendable, Hashable {
    /// One result per bit rate, slowest first.
    public var results: [AirLimitResult]

    /// Wraps per-rate results.
    public init(_ results: [AirLimitResult]) { self.results = results }
}

extension AirLimitResults: APDUBenchSection {
    public static let key = "air"

    public static func measure(_ settings: APDUBenchSettings) async throws -> AirLimitResults {
        AirLimitResults(
            try await AirLimitBenchmark(apdus: settings.airAPDUs, apdu: settings.apdu).run())
    }

    public var targets: [BenchTarget] {
        results.map {
            BenchTarget(
                name: "APDUs/s of virtual time at \($0.limit.bitrateKbps) kbps / DESIGN §4 limit",
                threshold: AirLimitResult.targetRatio, measured: $0.ratio)
        }
    }

    public func tableLines() -> [String] {
        Self.tableLines(
            "air limit (virtual time, USB costing nothing; limit by DESIGN §4's formula):",
            results)
    }

    /// `title`, then a row per result: its rate and sizes, APDUs/s, the limit, the ratio.
    static func tableLines(_ title: String, _ results: [AirLimitResult]) -> [String] {
        var lines = [title, BenchTable.row("bit rate", "APDUs/s", "limit/s", "achieved")]
        for result in results {
            lines.append(
                BenchTable.row(
                    "\(result.limit.bitrateKbps) kbps, \(result.limit.commandBytes)-byte command, "
                        + "\(result.limit.responseBytes)-byte response",
                    BenchTable.number(result.apdusPerSecond),
                    BenchTable.number(result.theoreticalPerSecond),
                    String(format: "%.2f %%", result.ratio * 100)))
        }
        return lines
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(results)
    }
}
