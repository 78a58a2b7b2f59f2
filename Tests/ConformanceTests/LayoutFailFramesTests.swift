import Conformance
import Foundation
import HexText
import PacketTrace
import Rig
import TagReader
import Testing

/// A layout case's fail names the frames it rests on, and only frames that are on the air:
/// every command a `t2t-layout` or `t4t-layout` fail message spells in hex (a READ BINARY,
/// a SELECT, a WRITE) is in an RF record of the case's trace, for every fault that fails one
/// of their cases (issue 33).
@Suite struct LayoutFailFramesTests {
    static let suites = ["t2t-layout", "t4t-layout"]

    /// The layout suites alone, with `faults`, keeping the failing cases' traces.
    static func run(_ faults: ReaderFaults) async throws -> [CaseResult] {
        try await ConformanceRun.run(
            CatalogRuns.rig, fileName: "conformance-tests.yaml",
            directory: URL(fileURLWithPath: NSTemporaryDirectory()),
            options: ConformanceRun.Options(
                suites: suites, repeatCount: 1, dutFaults: faults, traceMode: .failing),
            runID: "layout-frames", nfcrigVersion: "test", commit: nil, progress: { _ in }
        ).cases
    }

    /// The commands a message spells: runs of 8 hex digits or more with a letter among them
    /// (a decimal number is none). A command longer than a frame was sent in chained parts,
    /// so its first 20 digits (its header and first data bytes) are what one frame holds.
    static func namedFrames(in message: String) -> [String] {
        var frames: [String] = []
        var run = ""
        for character in message + " " {
            if character.isHexDigit, character.isNumber || character.isUppercase {
                run.append(character)
            } else {
                if run.count >= 8, run.contains(where: \.isLetter) {
                    frames.append(String(run.prefix(20)))
                }
                run = ""
            }
        }
        return frames
    }

    @Test func everyFrameALayoutFailNamesIsOnTheAir() async throws {
        // Under ThreadSanitizer a run is some ten times slower: a sample of the faults then.
        let sample: Set<String> = ["cc-read-by-cclen", "blind-type2-write", "reads-past-file"]
        let all = Set(
            Self.suites.flatMap { ConformanceCatalog.faultCatches(suite: $0) }.map(\.fault))
        let faults = CatalogRuns.economical ? all.intersection(sample) : all
        var named = 0
        for spec in faults.sorted() {
            let results = try await Self.run(try ReaderFaults(parsing: [spec]))
            for result in results where result.verdict == .fail {
                let frames = Self.namedFrames(in: result.message)
                guard !frames.isEmpty else { continue }
                let trace = try #require(result.trace, "\(spec) \(result.id): no trace kept")
                let onAir = trace.interfaces.filter { $0.interface.link == .rf }
                    .flatMap(\.records).map { Hex.encode($0.bytes, uppercase: true) }
                for frame in frames {
                    named += 1
                    #expect(
                        onAir.contains { $0.contains(frame) },
                        "\(spec) \(result.id) names \(frame), which no RF frame holds: \(result.message)"
                    )
                }
            }
        }
        #expect(named > 5, "the fails name frames at all")
    }
}
