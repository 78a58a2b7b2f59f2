import Conformance
import Foundation
import NFCRigTestSupport
import Rig
import TagReader

/// The whole catalog run on the simulated two-tag rig, once per set of reader faults and
/// repetition count, shared by every test that reads it. The suites' tests and the fault
/// matrix check different things about the same deterministic run (virtual clock), so each
/// run happens once per test process instead of once per test.
///
/// Under ThreadSanitizer (`make tsan` sets NFCRIG_SANITIZER=thread) a run is some ten times
/// slower, and what matters there is the rig's concurrency, which every fault exercises
/// alike: a test then runs only the suites it reads, and the fault matrix a sample of its
/// faults (`DUTFaultMatrixTests.sample`). `make test` checks every verdict.
enum CatalogRuns {
    /// Whether the tests run under a sanitizer that makes whole-catalog runs costly.
    static let economical = TestBudget.underThreadSanitizer

    /// Two simulated emulators and the reference reader on a simulated chip, each suite
    /// judged under the profile Rigs/sim.yaml pairs it with: the rig of the catalogue's
    /// own listing (`ConformanceCatalog.referenceRig`).
    static let rig = ConformanceCatalog.referenceRig

    private struct Key: Hashable {
        let faults: ReaderFaults
        let repeatCount: Int
        /// The profile the cases are judged under.
        let profile: ReaderProfile
        /// The suites run; nil for the whole catalog.
        let suites: [String]?
    }

    /// One run per key, started by the first test that asks and awaited by the others.
    private actor Memo {
        private var runs: [Key: Task<[CaseResult], any Error>] = [:]

        func run(_ key: Key) -> Task<[CaseResult], any Error> {
            if let running = runs[key] { return running }
            var rig = CatalogRuns.rig
            rig.profile = key.profile
            let started = Task { [rig] in
                try await ConformanceRun.run(
                    rig, fileName: "conformance-tests.yaml",
                    directory: URL(fileURLWithPath: NSTemporaryDirectory()),
                    options: ConformanceRun.Options(
                        suites: key.suites, repeatCount: key.repeatCount, dutFaults: key.faults,
                        // A failing case keeps its deciding trace: its message's frames are
                        // checked against it (`FailMessageEvidenceTests`).
                        traceMode: .failing),
                    runID: "catalog", nfcrigVersion: "test", commit: nil, progress: { _ in }
                ).cases
            }
            runs[key] = started
            return started
        }
    }

    private static let memo = Memo()

    /// Every case's result (only `suites`' when given), in the catalog's order. The
    /// fault-free run repeats every case twice by default, so the suites' "passes with the
    /// reference reader" tests also show a case leaves nothing behind for its next run.
    static func results(
        _ faults: ReaderFaults = .none, repeatCount: Int? = nil, suites: [String]? = nil,
        profile: ReaderProfile = .nfcForum
    ) async throws -> [CaseResult] {
        let key = Key(
            faults: faults, repeatCount: repeatCount ?? (faults == .none ? 2 : 1),
            profile: profile, suites: economical ? suites : nil)
        let all = try await memo.run(key).value
        guard let suites else { return all }
        return all.filter { suites.contains($0.suite) }
    }

    /// A fresh, unshared run of `suites` on the catalogue's rig judged under `profile` alone
    /// (the rig's suite pairings set aside), the reference reader given `faults`.
    static func judgedAlone(
        _ suites: [String], under profile: ReaderProfile, faults: [String] = []
    ) async throws -> [CaseResult] {
        var judged = rig
        judged.profile = profile
        judged.suiteProfiles = [:]
        return try await ConformanceRun.run(
            judged, fileName: "\(profile).yaml",
            directory: URL(fileURLWithPath: NSTemporaryDirectory()),
            options: .init(suites: suites, dutFaults: try ReaderFaults(parsing: faults)),
            runID: "alone", nfcrigVersion: "test", commit: nil, progress: { _ in }
        ).cases
    }

    /// The IDs of the cases that did not pass.
    static func failing(_ results: [CaseResult]) -> Set<String> {
        Set(results.filter { $0.verdict != .pass }.map(\.id))
    }

    /// The cases that did not pass, by ID, as "verdict: message".
    static func failures(_ results: [CaseResult]) -> [String: String] {
        var failures: [String: String] = [:]
        for item in results where item.verdict != .pass {
            failures[item.id] = "\(item.verdict): \(item.message)"
        }
        return failures
    }
}
