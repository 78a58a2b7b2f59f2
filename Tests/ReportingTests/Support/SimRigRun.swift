import Conformance
import Foundation
import Rig

/// A run of the shipped `Rigs/sim.yaml`, as `nfcrig run` makes it, for the tests that judge
/// what a real run wrote (its traces, its samples against the air's floor).
enum SimRigRun {
    static func run(_ options: ConformanceRun.Options, runID: String) async throws -> RunResult {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Rigs/sim.yaml")
        let text = try String(contentsOf: path, encoding: .utf8)
        let file = try RigFileParser(fileName: "Rigs/sim.yaml").parse(text)
        return try await ConformanceRun.run(
            file, fileName: "Rigs/sim.yaml", directory: path.deletingLastPathComponent(),
            options: options, runID: runID, nfcrigVersion: "test", commit: nil,
            progress: { _ in })
    }
}
