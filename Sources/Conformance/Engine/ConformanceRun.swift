import Foundation
import PacketTrace
import Rig
import TagReader

/// One conformance run from a rig file: assemble the rig, introduce the DUT, run the
/// selected cases, and return the result for the reports.
public struct ConformanceRun: Sendable {
    /// What to run.
    public struct Options: Sendable {
        /// Only these suites (rig-file order otherwise).
        public var suites: [String]?
        /// Only cases with these IDs.
        public var caseIDs: [String]?
        /// Overrides the rig file's `repeat` and every case's own default (`--repeat`): each
        /// case runs exactly this often. Without it a case runs the rig file's `repeat`
        /// times, or its `defaultRepeat` when that is more.
        public var repeatCount: Int?
        /// Deliberate faults for the reference reader.
        public var dutFaults: ReaderFaults
        /// Which cases keep their traces.
        public var traceMode: TraceMode
        /// How much of each interface's trace a repetition keeps (its start and end).
        public var traceLimit: TraceLimit
        /// Where a process DUT's stderr is kept, every line stamped (`DUTStderrLog`); nil
        /// keeps only its last lines for error messages.
        public var dutStderrPath: String?
        /// Sees each stamped stderr line of a process DUT as it comes (`--dut-stderr`).
        public var dutStderrEcho: (@Sendable (String) -> Void)?

        /// Creates options.
        public init(
            suites: [String]? = nil, caseIDs: [String]? = nil, repeatCount: Int? = nil,
            dutFaults: ReaderFaults = .none, traceMode: TraceMode = .none,
            traceLimit: TraceLimit = .default, dutStderrPath: String? = nil,
            dutStderrEcho: (@Sendable (String) -> Void)? = nil
        ) {
            self.dutStderrPath = dutStderrPath
            self.dutStderrEcho = dutStderrEcho
            self.traceMode = traceMode
            self.traceLimit = traceLimit
            self.suites = suites
            self.caseIDs = caseIDs
            self.repeatCount = repeatCount
            self.dutFaults = dutFaults
        }
    }

    /// Why a run could not start: the rig or the selection is wrong (exit 2).
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// A suite name no one knows, with where it was named.
        case unknownSuite(String, place: String)
        /// A suite named where its profile judges none of its cases, with the profiles that
        /// judge some: such a run could only skip them.
        case suiteNotJudged(
            String, profile: ReaderProfile, place: String, judgedUnder: [ReaderProfile])
        /// Case IDs that match no case of the catalogue.
        case unknownCases([String])
        /// Case IDs of the catalogue outside the suites the run selects, each with its suite.
        case casesOutsideSuites([CaseInSuite], selected: [String])
        /// The rig could not be assembled.
        case rig(String)
        /// The DUT did not introduce itself.
        case dut(String)
        /// Deliberate faults for the reference reader on a rig whose DUT is a process.
        case faultsNeedReferenceReader([String])

        public var description: String {
            switch self {
            case .unknownSuite(let name, let place):
                "\(place): unknown suite \"\(name)\"; known: "
                    + ConformanceCatalog.suiteNames.joined(separator: ", ")
            case .suiteNotJudged(let name, let profile, let place, let judgedUnder):
                "\(place): suite \"\(name)\" is judged under the \(profile) profile, whose "
                    + "sources have none of its rules; name it with a profile that judges it: "
                    + judgedUnder.map { "{suite: \(name), profile: \($0)}" }
                    .joined(separator: " or ")
            case .unknownCases(let ids): "no case has the ID(s) " + ids.joined(separator: ", ")
            case .casesOutsideSuites(let outside, let selected):
                outside.map { "\($0.id) is a case of suite \($0.suite)" }.joined(separator: ", ")
                    + ", which the run does not select (it runs "
                    + selected.joined(separator: ", ")
                    + "); add the suite with --suite, or name no suite"
            case .rig(let message): message
            case .dut(let message): "the DUT: \(message)"
            case .faultsNeedReferenceReader(let specs):
                "--dut-fault \(specs.joined(separator: ", ")) changes nfcrig's reference reader, "
                    + "but the rig's DUT is a process (adapter: process)"
            }
        }
    }

    /// A case ID and the suite that holds it.
    public struct CaseInSuite: Sendable, Hashable {
        public var id: String
        public var suite: String
    }

    /// The cases `options` select from `file`'s suites, once the options fit the rig.
    public static func selectCases(
        _ file: RigFile, fileName: String, options: Options
    ) throws(Failure) -> [ConformanceCase] {
        try select(file, fileName: fileName, options: options).cases
    }

    /// The cases `options` select, and `file` with the profile each selected suite is judged
    /// under (`judgingProfile(suite:in:)`). A suite named (in the rig file or by `--suite`)
    /// under a profile that judges none of its cases is an error: such a run could only
    /// skip them.
    static func select(
        _ file: RigFile, fileName: String, options: Options
    ) throws(Failure) -> (cases: [ConformanceCase], file: RigFile) {
        if case .process = file.dut, options.dutFaults != .none {
            throw .faultsNeedReferenceReader(options.dutFaults.specs)
        }
        let named: [RigFile.Located<String>] =
            options.suites.map { $0.map { RigFile.Located($0) } }
            ?? (file.suites.isEmpty
                ? ConformanceCatalog.suiteNames.map { RigFile.Located($0) } : file.suites)
        var judged = file
        var cases: [ConformanceCase] = []
        for suite in named {
            let place = suite.line > 0 ? "\(fileName):\(suite.line):\(suite.column)" : "--suite"
            guard let suiteCases = ConformanceCatalog.cases(suite: suite.value) else {
                throw .unknownSuite(suite.value, place: place)
            }
            let profile = judgingProfile(suite: suite.value, in: file)
            let judging = Set(suiteCases.flatMap(\.profiles))
            guard judging.contains(profile) else {
                throw .suiteNotJudged(
                    suite.value, profile: profile, place: place,
                    judgedUnder: ReaderProfile.allCases.filter(judging.contains))
            }
            if profile != file.profile { judged.suiteProfiles[suite.value] = profile }
            cases += suiteCases
        }
        if let ids = options.caseIDs {
            let missing = ids.filter { id in !cases.contains { $0.id == id } }
            let catalogue = missing.isEmpty ? [] : ConformanceCatalog.allCases
            let elsewhere = missing.compactMap { id in
                catalogue.first { $0.id == id }.map {
                    CaseInSuite(id: id, suite: $0.suite)
                }
            }
            let unknown = missing.filter { id in !elsewhere.contains { $0.id == id } }
            guard unknown.isEmpty else { throw .unknownCases(unknown) }
            guard elsewhere.isEmpty else {
                throw .casesOutsideSuites(elsewhere, selected: named.map(\.value))
            }
            cases = cases.filter { ids.contains($0.id) }
        }
        return (cases, judged)
    }

    /// The profile `suite` is judged under on the rig `file`: the one the file pairs it
    /// with, else the rig's. Only a rig file that names no suites at all (it asks for every
    /// suite) judges a suite its profile judges none of under the profile that judges most
    /// of its cases, rather than skip it whole.
    public static func judgingProfile(suite: String, in file: RigFile) -> ReaderProfile {
        if let own = file.suiteProfiles[suite] { return own }
        guard file.suites.isEmpty, let cases = ConformanceCatalog.cases(suite: suite),
            !cases.contains(where: { $0.profiles.contains(file.profile) })
        else { return file.profile }
        return mostJudging(cases, preferring: file.profile)
    }

    /// `file` judged under `profile` alone (`nfcrig run --profile`): its pairings set aside,
    /// and, unless the suites are chosen otherwise (`keepingSuites`), only the suites of
    /// its list (every suite when it has none) that `profile` judges.
    public static func judgedOnly(
        under profile: ReaderProfile, _ file: RigFile, keepingSuites: Bool
    ) -> RigFile {
        var judged = file
        judged.profile = profile
        judged.suiteProfiles = [:]
        guard !keepingSuites else { return judged }
        let listed =
            file.suites.isEmpty
            ? ConformanceCatalog.suiteNames.map { RigFile.Located($0) } : file.suites
        judged.suites = listed.filter { suite in
            (ConformanceCatalog.cases(suite: suite.value) ?? []).contains {
                $0.profiles.contains(profile)
            }
        }
        return judged
    }

    /// The profile that judges most of `cases`, `preferred` among those that judge as many.
    static func mostJudging(_ cases: [ConformanceCase], preferring preferred: ReaderProfile)
        -> ReaderProfile
    {
        let counts = Dictionary(
            uniqueKeysWithValues: ReaderProfile.allCases.map { profile in
                (profile, cases.filter { $0.profiles.contains(profile) }.count)
            })
        let most = counts.values.max() ?? 0
        return counts[preferred] == most
            ? preferred : ReaderProfile.allCases.first { counts[$0] == most } ?? preferred
    }

    /// Runs the cases on the rig; `progress` sees each case's result as it comes.
    ///
    /// `commit` and `treeDirty` say which nfcrig build ran (compiled in, see the
    /// `Provenance` target); the result also records the catalogue's fingerprint.
    public static func run(
        _ file: RigFile, fileName: String, directory: URL, options: Options, runID: String,
        nfcrigVersion: String, commit: String?, treeDirty: Bool? = nil,
        progress: @Sendable (CaseResult) -> Void
    ) async throws(Failure) -> RunResult {
        let (cases, file) = try select(file, fileName: fileName, options: options)
        let startedAt = Date()
        let rig: AssembledRig
        do {
            rig = try await AssembledRig.assemble(file, directory: directory)
        } catch {
            throw .rig("\(error)")
        }
        let dut: any DeviceUnderTest
        var stderrLog: DUTStderrLog?
        switch file.dut {
        case .reference:
            guard let chip = rig.readerChip else { throw .rig("the reference reader has no chip") }
            dut = ReferenceDUT(
                chip: chip, clock: rig.readerClock, faults: options.dutFaults, time: rig.time)
        case .process(let spec):
            if options.dutStderrPath != nil || options.dutStderrEcho != nil {
                do {
                    stderrLog = try DUTStderrLog(
                        path: options.dutStderrPath, now: { rig.now }, echo: options.dutStderrEcho)
                } catch {
                    await rig.close()
                    throw .rig("cannot keep the DUT's stderr: \(error)")
                }
            }
            dut = ProcessDUT(
                spec: spec, directory: directory, environment: rig.dutEnvironment,
                now: { rig.now }, stderrLog: stderrLog)
        }
        let identity: DUTIdentity
        do {
            identity = try await rig.run { () async throws -> DUTIdentity in
                try await dut.hello()
            }
        } catch {
            await rig.run { await dut.close() }
            await rig.close()
            throw .dut("\(error)")
        }
        let runner = ConformanceRunner(
            rig: rig, dut: dut, repeatCount: options.repeatCount ?? file.repeatCount,
            repeatIsMinimum: options.repeatCount == nil, traceMode: options.traceMode,
            traceLimit: options.traceLimit, identity: identity)
        var results: [CaseResult] = []
        for conformanceCase in cases {
            // The DUT's stderr lines name the case they came in.
            stderrLog?.begin(case: conformanceCase.id)
            let result = await runner.run(conformanceCase)
            progress(result)
            results.append(result)
        }
        stderrLog?.begin(case: nil)
        // Closing talks to the chip: on a virtual clock that is a participant's work too.
        await rig.run { await dut.close() }
        await rig.close()
        var notes = RunNotes.notes(dut: identity, cases: results)
        if let stderrLog { notes += Self.stderrNotes(stderrLog) }
        return RunResult(
            runID: runID, rigName: file.name, rigFile: fileName, clock: file.clock.rawValue,
            dut: identity, nfcrigVersion: nfcrigVersion, commit: commit, startedAt: startedAt,
            cases: results, profile: file.profile.rawValue,
            notes: notes, treeDirty: treeDirty,
            catalogue: .catalogue,
            restartPollingWindow: file.tolerances.restartPollingWindow)
    }

    /// What the report says of the DUT's stderr log, which is closed here; a log with no line
    /// is removed, and says nothing.
    static func stderrNotes(_ log: DUTStderrLog) -> [String] {
        log.close()
        guard let path = log.path else { return [] }
        guard log.lineCount > 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return []
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        return [
            "The DUT wrote \(log.lineCount) line(s) on stderr, kept whole with the rig's time and "
                + "the case in \(name), beside this report."
        ]
    }
}
