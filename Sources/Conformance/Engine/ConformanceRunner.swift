import PacketTrace
import Rig

/// Runs cases on an assembled rig against a DUT, each `repeatCount` times, and gathers the
/// verdicts, every latency sample and the timelines.
public struct ConformanceRunner: Sendable {
    /// The rig.
    public let rig: AssembledRig
    /// The device under test.
    public let dut: any DeviceUnderTest
    /// One slot per emulator chip.
    public let slots: [RigTagSlot]
    /// How often each case runs.
    public let repeatCount: Int
    /// Which cases keep their traces.
    public let traceMode: TraceMode
    /// How much of a repetition's traces is kept (start and end) per interface.
    public let traceLimit: TraceLimit

    /// Creates a runner; the slots are made from the rig's emulator chips.
    public init(
        rig: AssembledRig, dut: any DeviceUnderTest, repeatCount: Int,
        traceMode: TraceMode = .none, traceLimit: TraceLimit = .default
    ) {
        self.rig = rig
        self.dut = dut
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

    /// Runs one case `repeatCount` times; the case's verdict is its worst repetition's, and
    /// the trace kept is that repetition's.
    public func run(_ conformanceCase: ConformanceCase) async -> CaseResult {
        let recorder = CaseRecorder()
        let start = rig.now
        var worst = RepetitionOutcome.pass
        var decisive: CaseTrace?
        for repetition in 0..<repeatCount {
            let context = CaseContext(
                rig: rig, dut: dut, slots: slots, recorder: recorder, repetition: repetition)
            let (outcome, interfaces) = await runRepetition(conformanceCase, context)
            let trace = interfaces.map {
                CaseTrace(repetition: repetition, interfaces: $0, evidenceAt: outcome.evidenceAt)
            }
            if outcome.verdict.severity > worst.verdict.severity {
                worst =
                    repetitionCount > 1 && !outcome.message.isEmpty
                    ? RepetitionOutcome(
                        outcome.verdict, "repetition \(repetition + 1): \(outcome.message)")
                    : outcome
                decisive = trace
            } else if worst.verdict == .pass {
                // All passed so far: the latest repetition stands for them.
                decisive = trace
            }
        }
        return CaseResult(
            id: conformanceCase.id, suite: conformanceCase.suite, title: conformanceCase.title,
            verdict: worst.verdict, message: worst.message, measurements: recorder.measurements,
            timeline: recorder.timeline, duration: rig.now - start,
            trace: traceMode.keeps(worst.verdict) ? decisive : nil)
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

    private var repetitionCount: Int { repeatCount }
}
