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

    /// Creates a runner; the slots are made from the rig's emulator chips.
    public init(rig: AssembledRig, dut: any DeviceUnderTest, repeatCount: Int) {
        self.rig = rig
        self.dut = dut
        self.repeatCount = max(1, repeatCount)
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

    /// Runs one case `repeatCount` times; the case's verdict is its worst repetition's.
    public func run(_ conformanceCase: ConformanceCase) async -> CaseResult {
        let recorder = CaseRecorder()
        let start = rig.now
        var worst = RepetitionOutcome.pass
        for repetition in 0..<repeatCount {
            let context = CaseContext(
                rig: rig, dut: dut, slots: slots, recorder: recorder, repetition: repetition)
            let body = conformanceCase.body
            let slots = slots
            let outcome = await rig.run { () async -> RepetitionOutcome in
                let outcome = await body(context)
                for slot in slots { await slot.stop() }
                _ = await context.dut.takeEvents()
                return outcome
            }
            if outcome.verdict.severity > worst.verdict.severity {
                worst =
                    repetitionCount > 1 && !outcome.message.isEmpty
                    ? RepetitionOutcome(
                        outcome.verdict, "repetition \(repetition + 1): \(outcome.message)")
                    : outcome
            }
        }
        return CaseResult(
            id: conformanceCase.id, suite: conformanceCase.suite, title: conformanceCase.title,
            verdict: worst.verdict, message: worst.message, measurements: recorder.measurements,
            timeline: recorder.timeline, duration: rig.now - start)
    }

    private var repetitionCount: Int { repeatCount }
}
