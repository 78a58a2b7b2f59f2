import PacketTrace
import Rig

/// Runs cases on an assembled rig against a DUT, each `repeatCount` times, and gathers the
/// verdicts, every latency sample and the timelines.
public struct ConformanceRunner: Sendable {
    /// The rig.
    public let rig: AssembledRig
    /// The device under test.
    public let dut: any DeviceUnderTest
    /// `dut` as the cases drive it, writing down the requests each case sends.
    private let requestLog: RequestLog
    /// One slot per emulator chip.
    public let slots: [RigTagSlot]
    /// How often each case runs.
    public let repeatCount: Int
    /// Whether `repeatCount` is a floor that a case's own `defaultRepeat` raises (a rig
    /// file's `repeat:`) rather than the exact count (`--repeat`, tests).
    public let repeatIsMinimum: Bool
    /// Which cases keep their traces.
    public let traceMode: TraceMode
    /// How much of a repetition's traces is kept (start and end) per interface.
    public let traceLimit: TraceLimit
    /// Who the DUT said it is: what its adapter adds and whether it is an app.
    public let identity: DUTIdentity?

    /// Creates a runner; the slots are made from the rig's emulator chips.
    public init(
        rig: AssembledRig, dut: any DeviceUnderTest, repeatCount: Int,
        repeatIsMinimum: Bool = false, traceMode: TraceMode = .none,
        traceLimit: TraceLimit = .default, identity: DUTIdentity? = nil
    ) {
        self.repeatIsMinimum = repeatIsMinimum
        self.identity = identity
        self.rig = rig
        self.dut = dut
        requestLog = RequestLog(dut)
        self.repeatCount = max(1, repeatCount)
        self.traceMode = traceMode
        self.traceLimit = traceLimit
        slots = rig.emulators.map(rig.tagSlot(on:))
    }

    /// Runs `cases` in order; `progress` sees each result as it is ready.
    public func run(
        _ cases: [ConformanceCase], progress: @Sendable (CaseResult) -> Void = { _ in }
    ) async -> [CaseResult] {
        var results: [CaseResult] = []
        for conformanceCase in cases {
            let result = await run(conformanceCase)
            progress(result)
            results.append(result)
        }
        return results
    }

    /// How often a repetition the harness spoiled is run again before it counts as an
    /// error: an emulator's host too slow for the reader is the bench's fault, not the DUT's.
    public static let harnessRetries = 2

    /// How often `conformanceCase` runs: `repeatCount`, raised to the case's own
    /// `defaultRepeat` when `repeatCount` is only a floor.
    public func repetitions(of conformanceCase: ConformanceCase) -> Int {
        guard repeatIsMinimum, let own = conformanceCase.defaultRepeat else { return repeatCount }
        return max(repeatCount, own)
    }

    /// Runs one case `repetitions(of:)` times; the case's verdict is its worst repetition's,
    /// and the trace kept is that repetition's.
    ///
    /// A repetition that did not pass while an emulator answered the reader too late (its
    /// host was slow: the simulated field counts such answers, and an emulator on a USB
    /// dongle times its host from its own transfers) is run again, up to `harnessRetries`
    /// times, its samples and timeline dropped; the result says how many were. Still
    /// spoiled, it is an `error` with the figures: such a verdict would not be the DUT's.
    public func run(_ conformanceCase: ConformanceCase) async -> CaseResult {
        let profile = ConformanceRun.judgingProfile(suite: conformanceCase.suite, in: rig.file)
        guard conformanceCase.profiles.contains(profile) else {
            return CaseResult(
                id: conformanceCase.id, suite: conformanceCase.suite,
                title: conformanceCase.title, profile: profile, verdict: .skip,
                message: "not checked under the \(profile) profile"
                    + (conformanceCase.expectations.map(\.notJudged).flatMap {
                        $0.isEmpty ? nil : ": " + $0
                    } ?? "")
                    + " (judged under "
                    + conformanceCase.profiles.map(\.rawValue).sorted().joined(separator: ", ")
                    + ")")
        }
        if let identity,
            let reason = AdapterDecisions.notJudged(
                conformanceCase.id, of: identity, under: profile)
        {
            return CaseResult(
                id: conformanceCase.id, suite: conformanceCase.suite,
                title: conformanceCase.title, profile: profile, verdict: .skip, message: reason)
        }
        let recorder = CaseRecorder()
        let start = rig.now
        var worst = RepetitionOutcome.pass
        var decisive: CaseTrace?
        var reruns = 0
        var spoiledReruns: [EmulatorLateness] = []
        var requests: [String] = []
        let repetitionCount = repetitions(of: conformanceCase)
        for repetition in 0..<repetitionCount {
            var attempt = 0
            var outcome = RepetitionOutcome.pass
            var interfaces: [InterfaceTrace]?
            var spoilers: [EmulatorLateness] = []
            while true {
                let mark = await rig.latenessMark()
                let attemptRecorder = CaseRecorder()
                // The requests of the first repetition's last attempt are the case's.
                if repetition == 0 { _ = await requestLog.take() }
                let context = CaseContext(
                    rig: rig, dut: requestLog, slots: slots, recorder: attemptRecorder,
                    repetition: repetition, profile: profile)
                (outcome, interfaces) = await runRepetition(conformanceCase, context)
                let late = await rig.lateness(since: mark)
                if late.count > 0, outcome.verdict != .pass, !conformanceCase.answersLateOnPurpose {
                    guard attempt < Self.harnessRetries else {
                        outcome = .error(
                            "harness: " + Self.lateness(spoilers + [late])
                                + "; the DUT cannot be judged: " + outcome.message)
                        // The error carries these figures; the note on re-runs need not.
                        spoilers = []
                        recorder.absorb(attemptRecorder)
                        break
                    }
                    spoilers.append(late)
                    attempt += 1
                    reruns += 1
                    continue
                }
                recorder.absorb(attemptRecorder)
                break
            }
            spoiledReruns += spoilers
            if repetition == 0 { requests = await requestLog.take() }
            let trace = interfaces.map {
                CaseTrace(repetition: repetition, interfaces: $0, evidenceAt: outcome.evidenceAt)
            }
            if outcome.verdict.severity > worst.verdict.severity {
                worst =
                    repetitionCount > 1 && !outcome.message.isEmpty
                    ? outcome.prefixed("repetition \(repetition + 1): ") : outcome
                decisive = trace
            } else if worst.verdict == .pass {
                // All passed so far: the latest repetition stands for them.
                decisive = trace
            }
        }
        var message = worst.message
        if reruns > 0 {
            message +=
                (message.isEmpty ? "" : "; ")
                + "\(reruns) attempt(s) run again: an emulator's host answered the reader too late"
                + (Self.firstLateAnswer(spoiledReruns).map { " (\($0))" } ?? "")
        }
        return CaseResult(
            id: conformanceCase.id, suite: conformanceCase.suite, title: conformanceCase.title,
            profile: profile, verdict: worst.verdict, message: message,
            measurements: recorder.measurements,
            timeline: recorder.timeline, duration: rig.now - start,
            trace: traceMode.keeps(worst.verdict) ? decisive : nil,
            expected: conformanceCase.expected(under: profile),
            unsupportedOperation: worst.verdict == .skip ? worst.unsupportedOperation : nil,
            adapterDecides: AdapterDecisions.behaviours(
                deciding: conformanceCase.id, declared: identity?.adapterAdds ?? []),
            requests: requests)
    }

    /// What the late answers of `attempts` (each spoiled) were: when an emulator timed its
    /// host, the figures of the last attempt's first late answer (those after it are
    /// mostly the reader's recovery from it) and the longest host time; else what the
    /// field counted.
    static func lateness(_ attempts: [EmulatorLateness]) -> String {
        let count = attempts.map(\.count).reduce(0, +)
        let tally = "\(count) late answer(s) in \(attempts.count) attempt(s)"
        guard let first = firstLateAnswer(attempts) else {
            return "an emulator answered the reader after it had stopped listening (\(tally): "
                + "its host was too slow)"
        }
        let longest = attempts.flatMap(\.hostLateAnswers).map(\.hostTime).max() ?? first.hostTime
        return "\(first) (\(tally)"
            + (longest > first.hostTime
                ? ", the longest took \(LateEmulatorAnswer.milliseconds(longest))" : "") + ")"
    }

    /// The first late answer an emulator timed in the last of `attempts` that has one.
    static func firstLateAnswer(_ attempts: [EmulatorLateness]) -> LateEmulatorAnswer? {
        attempts.last { !$0.hostLateAnswers.isEmpty }?.hostLateAnswers.first
    }

    /// One repetition on the rig's clock, with its traces when the mode keeps any.
    private func runRepetition(
        _ conformanceCase: ConformanceCase, _ context: CaseContext
    ) async -> (RepetitionOutcome, [InterfaceTrace]?) {
        let body = conformanceCase.body
        let slots = slots
        let rig = rig
        let tracing = traceMode != .none
        let limit = traceLimit
        return await rig.run { () async -> (RepetitionOutcome, [InterfaceTrace]?) in
            if tracing { await rig.beginTraces(limit: limit) }
            let outcome = await body(context)
            for slot in slots { await slot.stop() }
            _ = await context.dut.takeEvents()
            let interfaces = tracing ? await rig.endTraces() : nil
            return (outcome, interfaces)
        }
    }

}
