import Foundation

/// What `nfcrig bench apdu` prints and writes to `Reports/bench/apdu.json`.
public struct APDUBenchReport: Sendable {
    /// The schema of this file; bump on incompatible change.
    public static let schema = "nfcrig.bench.apdu/1"
    /// Where the figures were measured.
    public var machine: BenchMachine
    /// Each measurement's result by its key.
    public var sections: [String: any APDUBenchSection]

    /// A report with no measurement yet.
    public init(machine: BenchMachine, sections: [String: any APDUBenchSection] = [:]) {
        self.machine = machine
        self.sections = sections
    }

    /// The issue's targets against every measurement run, in run order.
    public var targets: [BenchTarget] { orderedSections.flatMap(\.targets) }

    private var orderedSections: [any APDUBenchSection] {
        APDUBenchmark.keys.compactMap { sections[$0] }
    }

    /// A fixed-width table for the terminal.
    public func table() -> String {
        var lines = ["APDU benchmark on \(machine.summary)"]
        for section in orderedSections { lines += section.tableLines() }
        lines.append("targets:")
        for target in targets {
            lines.append(
                "  [\(target.met ? "met" : "MISSED")] \(target.name): "
                    + "\(BenchTable.number(target.measured)) "
                    + "(target ≥ \(BenchTable.number(target.threshold)))")
        }
        return lines.joined(separator: "\n")
    }

    /// Pretty JSON with sorted keys: `schema`, `machine`, every key of
    /// `APDUBenchmark.keys` (`null` when not measured) and the target checks.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

extension APDUBenchReport: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.schema, forKey: Key("schema"))
        try container.encode(machine, forKey: Key("machine"))
        for key in APDUBenchmark.keys {
            if let section = sections[key] {
                try container.encode(section, forKey: Key(key))
            } else {
                try container.encodeNil(forKey: Key(key))
            }
        }
        try container.encode(targets, forKey: Key("targets"))
    }
}
