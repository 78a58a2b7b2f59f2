import Foundation

/// The machine and build a benchmark ran on, so that figures from different runs can be
/// told apart.
public struct BenchMachine: Codable, Sendable, Hashable {
    /// The processor model, as the OS names it (`unknown` when it does not say).
    public var cpu: String
    /// Logical processors available.
    public var logicalCores: Int
    /// The operating system and its version.
    public var os: String
    /// `release` or `debug`: debug figures are not meaningful.
    public var build: String

    /// Creates a description.
    public init(cpu: String, logicalCores: Int, os: String, build: String) {
        self.cpu = cpu
        self.logicalCores = logicalCores
        self.os = os
        self.build = build
    }

    /// This machine and this build.
    public static var current: BenchMachine {
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        return BenchMachine(
            cpu: cpuModel(cpuinfo: try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)),
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            os: ProcessInfo.processInfo.operatingSystemVersionString, build: build)
    }

    /// One line for the table.
    public var summary: String { "\(cpu), \(logicalCores) logical cores, \(os), \(build) build" }

    /// The first `model name` in a Linux /proc/cpuinfo.
    static func cpuModel(cpuinfo: String?) -> String {
        for line in (cpuinfo ?? "").split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return "unknown"
    }

    private enum CodingKeys: String, CodingKey {
        case cpu
        case logicalCores = "logical_cores"
        case os
        case build
    }
}
