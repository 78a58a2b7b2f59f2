import Foundation
import FuzzTargets
import Testing

/// Every input committed to a target's corpus (`Fuzz/Corpus/<name>/`: the seeds, and each
/// input a fuzzer found a bug with) keeps that target's properties: `make test` replays what
/// `make fuzz` starts from, so a fixed bug stays fixed.
@Suite struct CorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    @Test(arguments: FuzzTargets.all.map { $0.name })
    func everyCommittedInputKeepsItsTargetsProperties(_ name: String) async throws {
        let target = try #require(FuzzTargets.named(name))
        let folder = Self.corpus.appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty, "\(name) has no seed corpus")
        let inputs = try files.map {
            Array(try Data(contentsOf: folder.appendingPathComponent($0)))
        }
        let failures = await Self.onOwnThread {
            zip(files, inputs).compactMap { file, input -> String? in
                do {
                    try target.check(input)
                    return nil
                } catch {
                    return "\(name)/\(file): \(error)"
                }
            }
        }
        for failure in failures { Issue.record("\(failure)") }
    }

    @Test func everyTargetHasAUniqueNameAndAFolder() throws {
        let names = FuzzTargets.all.map { $0.name }
        #expect(Set(names).count == names.count)
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(Set(folders) == Set(names))
    }

    /// Runs `body` on a thread of its own, as libFuzzer calls a target: the `firmware` and
    /// `isodep` targets block their caller until a task finishes, which on one of the few
    /// threads of the concurrency pool could starve that task.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
