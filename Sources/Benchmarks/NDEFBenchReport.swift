import Foundation

/// What `nfcrig bench ndef` prints and writes to `Reports/bench/ndef.json`.
public struct NDEFBenchReport: Codable, Sendable {
    /// The schema of this file; bump on incompatible change.
    public var schema = "nfcrig.bench.ndef/1"
    /// Messages in the mixed corpus.
    public var corpusMessages: Int
    /// Logical records in the mixed corpus.
    public var corpusRecords: Int
    /// Bytes in the mixed corpus.
    public var corpusBytes: Int
    /// Every figure measured.
    public var measurements: [BenchMeasurement]
    /// ndeflib on the same corpus, when it was run.
    public var ndeflib: NDEFLibRun? {
        didSet {
            ratioVsNdeflib = ndeflib.map { typedViewsRecordsPerSecond / $0.recordsPerSecond }
            ownedTypedRatioVsNdeflib = ndeflib.map {
                ownedTypedRecordsPerSecond / $0.recordsPerSecond
            }
        }
    }
    /// nfcrig typed decode records/s (fields checked in place, `NDEFRecordContentView`)
    /// divided by ndeflib's: the figure the issue's target is held to.
    public private(set) var ratioVsNdeflib: Double?
    /// The same for typed decode into owned fields (`NDEFRecordContent`), which ndeflib's
    /// objects resemble more closely; reported beside the target, not held to it.
    public private(set) var ownedTypedRatioVsNdeflib: Double?

    /// Creates a report.
    public init(corpus: BenchCorpus, measurements: [BenchMeasurement]) {
        corpusMessages = corpus.ranges.count
        corpusRecords = corpus.recordCount
        corpusBytes = corpus.byteCount
        self.measurements = measurements
    }

    private func value(_ name: String) -> Double {
        measurements.first { $0.name == name }?.value ?? 0
    }

    private var typedViewsRecordsPerSecond: Double { value("mixed.typedViews.recordsPerSecond") }

    private var ownedTypedRecordsPerSecond: Double { value("mixed.typed.recordsPerSecond") }

    /// The issue's targets against this run's figures.
    public var targets: [BenchTarget] {
        // Only targets whose figures this run measured (`--only` may skip groups).
        let measured = Set(measurements.map(\.name))
        var targets: [BenchTarget] = []
        if measured.contains("mixed.typedViews.recordsPerSecond") {
            targets.append(
                BenchTarget(
                    name: "typed decode of the mixed corpus (views), records/s", threshold: 10e6,
                    measured: typedViewsRecordsPerSecond))
        }
        if measured.contains("single4KiB.ownedVsMemcpy") {
            targets.append(
                BenchTarget(
                    name: "owned 4 KiB decode / memory copy", threshold: 0.5,
                    measured: value("single4KiB.ownedVsMemcpy")))
        }
        if let ratioVsNdeflib {
            targets.append(
                BenchTarget(
                    name: "typed decode (views) vs ndeflib, ratio", threshold: 100,
                    measured: ratioVsNdeflib))
        }
        return targets
    }

    // Wide enough for the longest measurement's detail.
    private static let detailWidth = 60

    /// A fixed-width table for the terminal.
    public func table() -> String {
        var lines = [
            "NDEF decode benchmark: \(corpusMessages) messages, \(corpusRecords) records, "
                + "\(corpusBytes) bytes",
            pad("measurement", Self.detailWidth) + pad("value", 16) + "unit",
        ]
        for measurement in measurements {
            lines.append(
                pad(measurement.detail, Self.detailWidth) + pad(format(measurement.value), 16)
                    + measurement.unit)
        }
        if let ndeflib {
            lines.append(
                pad("ndeflib 0.3.3, same corpus", Self.detailWidth)
                    + pad(format(ndeflib.recordsPerSecond), 16) + "records/s")
        }
        lines.append("targets:")
        for target in targets {
            lines.append(
                "  [\(target.met ? "met" : "MISSED")] \(target.name): \(format(target.measured)) "
                    + "(target ≥ \(format(target.threshold)))")
        }
        if ownedTypedRecordsPerSecond > 0 {
            var owned = "  owned typed decode (NDEFRecordContent), not held to the targets: "
            owned += format(ownedTypedRecordsPerSecond) + " records/s"
            if let ownedTypedRatioVsNdeflib {
                owned += ", " + format(ownedTypedRatioVsNdeflib) + "× ndeflib"
            }
            lines.append(owned)
        }
        if ndeflib == nil {
            lines.append("  (ndeflib not run: pass --ndeflib-python for the ratio)")
        }
        return lines.joined(separator: "\n")
    }

    /// Pretty JSON with sorted keys, including the target checks.
    public func json() throws -> Data {
        struct File: Encodable {
            var report: NDEFBenchReport
            var targets: [BenchTarget]
            func encode(to encoder: any Encoder) throws {
                try report.encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(targets, forKey: .targets)
            }
            enum Key: String, CodingKey { case targets }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(File(report: self, targets: targets))
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func format(_ value: Double) -> String {
        if value >= 1e6 { return String(format: "%.2f M", value / 1e6) }
        if value >= 1000 { return String(format: "%.1f k", value / 1e3) }
        return String(format: "%.3f", value)
    }
}
