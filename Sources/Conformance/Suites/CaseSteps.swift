import HexText
import NDEF
import Rig
import TagEmulation

/// The steps most cases share: present tags, scan, read; each turns DUT trouble into its
/// verdict (`outcome(of:in:)`).
enum CaseSteps {
    /// What a step failed with, ready to return from a case.
    struct Stop: Error { var outcome: RepetitionOutcome }

    /// The verdict when the DUT's `step` did not succeed where the case expected it to: a
    /// reader error (a CoreNFC name) is the DUT failing the case; an operation it does not
    /// offer skips the case; a DUT that dies or stops answering while it handles the step
    /// crashed or hung on the tag in the field (every step comes after a case presented its
    /// tags), which is the reader's failure, not the harness's; anything else (a line that
    /// is not the protocol, the harness) is an error.
    static func outcome(of error: DUTError, in step: String) -> RepetitionOutcome {
        switch error {
        case .reader(let name, let message):
            .fail("\(step): the DUT reported \(name)" + (message.isEmpty ? "" : " (\(message))"))
        case .unsupported(let operation):
            .unsupported(
                step,
                "\(step): the DUT does not offer it" + (operation.isEmpty ? "" : " (\(operation))"))
        case .exited: .fail("\(step): the DUT crashed on the tag: \(error)")
        case .timeout: .fail("\(step): the DUT hung on the tag: \(error)")
        default: .error("\(step): \(error)")
        }
    }

    static func present(_ context: CaseContext, _ setups: [TagSetup]) async throws(Stop) {
        if let early = await context.present(setups) { throw Stop(outcome: early) }
    }

    /// Scans and expects exactly `count` tags.
    static func scan(_ context: CaseContext, expecting count: Int) async throws(Stop) -> DUTScan {
        try await scan(context, expecting: count...count)
    }

    /// Scans, records how long the scan took under `metric` (unless `nil`), and expects a
    /// tag count in `counts` (`2...Int.max`: more than one), each UID one of the field's,
    /// once; with `namesEveryTag` (unless the reader may resolve a collision to one tag) the
    /// scan must name every tag in the field.
    static func scan(
        _ context: CaseContext, expecting counts: ClosedRange<Int>,
        metric: String? = "timeToDetect", namesEveryTag: Bool = true
    ) async throws(Stop) -> DUTScan {
        // The DUT's poll must find every tag the case put there: an emulator still arming
        // after the last reader (slow on a busy host, on the wall clock) would hide one.
        if let early = await context.tagsReady() { throw Stop(outcome: early) }
        let start = context.now
        let scan: DUTScan
        do {
            scan = try await context.dut.scan(timeout: .seconds(3))
        } catch {
            throw Stop(outcome: outcome(of: error, in: "scan"))
        }
        if let metric {
            // One tag in the field: the sample is that tag type's time to detect.
            let conditions = counts == 1...1 ? await detectConditions(context) : nil
            context.recorder.record(metric, context.now - start, conditions: conditions)
        }
        guard counts.contains(scan.tags.count) else {
            let expected =
                counts.count == 1
                ? "\(counts.lowerBound)"
                : counts.upperBound == Int.max
                    ? "\(counts.lowerBound) or more"
                    : "\(counts.lowerBound) to \(counts.upperBound)"
            let field = await inField(context)
            let activated = Set(
                await context.tagEvents().filter { entry in
                    guard case .activated = entry.event.kind else { return false }
                    return entry.event.at >= start
                }.map(\.slot)
            ).sorted()
            throw Stop(
                outcome: .fail(
                    "expected \(expected) tag(s), the DUT reported \(scan.tags.count)"
                        + (scan.tags.isEmpty ? "" : " (\(scan.tags.joined(separator: ", ")))")
                        + field
                        + (activated.isEmpty
                            ? "" : "; the scan activated " + activated.joined(separator: ", "))))
        }
        if let wrong = await misnamed(scan, context, namesEveryTag: namesEveryTag) {
            throw Stop(outcome: wrong)
        }
        return scan
    }

    /// Why a scan does not name exactly the UIDs in the field, each once; nil when it does. A
    /// count alone proves nothing: `[a, a]` with tags a and b in the field never named b.
    private static func misnamed(_ scan: DUTScan, _ context: CaseContext, namesEveryTag: Bool)
        async -> RepetitionOutcome?
    {
        let field = await context.uidsInField().map { Hex.encode($0) }
        let reported = scan.tags.map { $0.lowercased() }
        let listed = "(" + scan.tags.joined(separator: ", ") + ")"
        if let unknown = reported.firstIndex(where: { !field.contains($0) }) {
            return .fail(
                "the DUT reported a tag with UID \"\(scan.tags[unknown])\""
                    + (scan.tags.count > 1 ? " " + listed : "") + (await inField(context)))
        }
        if let twice = reported.first(where: { uid in reported.filter { $0 == uid }.count > 1 }) {
            return .fail(
                "the DUT reported the tag with UID \(twice) more than once \(listed)"
                    + (await inField(context)))
        }
        if namesEveryTag, let missing = field.first(where: { !reported.contains($0) }) {
            return .fail(
                "the DUT did not name the tag with UID \(missing) \(listed)"
                    + (await inField(context)))
        }
        return nil
    }

    /// `; in the field: 08a1b2c3 (tag-a, Type 4)`, for a scan's verdict.
    private static func inField(_ context: CaseContext) async -> String {
        var tags: [String] = []
        for slot in context.slots {
            guard let uid = await slot.uidInField else { continue }
            tags.append("\(Hex.encode(uid)) (\(slot.chip.id))")
        }
        return "; in the field: " + (tags.isEmpty ? "no tag" : tags.joined(separator: ", "))
    }

    /// Reads; `metric` names the latency series (e.g. `readTime.1KiB`); `messageBytes`,
    /// when the case knows what the tag holds, goes into the series' conditions with the
    /// tag's type and the bit rate.
    static func read(
        _ context: CaseContext, metric: String = "readTime", messageBytes: Int? = nil
    ) async throws(Stop) -> DUTRead {
        var conditions: MeasurementConditions?
        if let messageBytes {
            conditions = await messageConditions(context, bytes: messageBytes)
        }
        do {
            return try await context.timed(metric, conditions: conditions) {
                () async throws(DUTError) in
                try await context.dut.read()
            }
        } catch {
            throw Stop(outcome: outcome(of: error, in: "read"))
        }
    }

    /// Writes `ndef` and records `writeTime`, and `apduTime`: the write time divided by the
    /// UPDATE BINARY or WRITE commands the tag received. The write time's conditions are the
    /// message's length, the tag's type and the bit rate.
    static func write(_ context: CaseContext, _ ndef: [UInt8]) async throws(Stop) {
        let conditions = await messageConditions(context, bytes: ndef.count)
        let start = context.now
        do {
            try await context.dut.write(ndef)
        } catch {
            throw Stop(outcome: outcome(of: error, in: "write"))
        }
        let elapsed = context.now - start
        context.recorder.record("writeTime", elapsed, conditions: conditions)
        let commands = await RFObservations.writeCommands(context).count
        if commands > 0 { context.recorder.record("apduTime", elapsed / commands) }
    }

    /// Writes `ndef` and expects the DUT to refuse with the CoreNFC error `name`.
    static func refusedWrite(_ context: CaseContext, _ ndef: [UInt8], expecting name: String)
        async -> RepetitionOutcome
    {
        await refusedWrite(context, ndef, expectingOneOf: [name])
    }

    /// Writes `ndef`, which the DUT must refuse with one of `names` (a case that accepts
    /// several spellings of one refusal, in the order the message lists them).
    static func refusedWrite(
        _ context: CaseContext, _ ndef: [UInt8], expectingOneOf names: [String]
    )
        async -> RepetitionOutcome
    {
        let expected = names.joined(separator: " or ")
        do {
            try await context.dut.write(ndef)
            return .fail("the DUT wrote without an error, expected \(expected)")
        } catch .reader(let got, let message) {
            guard names.contains(got) else {
                return .fail("the DUT refused with \(got) (\(message)), expected \(expected)")
            }
            return .pass
        } catch {
            return outcome(of: error, in: "write")
        }
    }

    /// Scans for the one tag in the field, which holds `stored`, and reads it; `check` says
    /// what the read must show (`ReadJudgement`). The read time goes under `metric` (the
    /// message's size bucket when nil). With `servedDuringRead` the message must be served
    /// after the read began, not during the scan (a case that times the read). A skip or a
    /// failure stops the case.
    @discardableResult
    static func readAlone(
        _ context: CaseContext, stored: [UInt8], check: ReadJudgement.Check = .message,
        metric: String? = nil, servedDuringRead: Bool = false
    ) async throws(Stop) -> DUTRead {
        _ = try await scan(context, expecting: 1)
        let start = context.now
        let read = try await read(
            context, metric: metric ?? sizeBucket(stored.count), messageBytes: stored.count)
        let judged = ReadJudgement.judge(read, stored: stored, check)
        guard judged.verdict == .pass else { throw Stop(outcome: judged) }
        // The right bytes prove nothing by themselves (a reader can know them from elsewhere):
        // the tag must have served them on the air.
        let onAir = await RFObservations.messageReadOnAir(
            context, since: servedDuringRead ? start : .zero,
            backing: "the DUT reported the tag's message")
        guard onAir.verdict == .pass else { throw Stop(outcome: onAir) }
        return read
    }

    /// The size bucket a read-time sample goes in.
    static func sizeBucket(_ bytes: Int) -> String {
        switch bytes {
        case ..<128: "readTime.<128B"
        case ..<1024: "readTime.<1KiB"
        case ..<4096: "readTime.<4KiB"
        default: "readTime.≥4KiB"
        }
    }

    /// A case of `suite`: `setup` presented, one tag found by the DUT's scan, then `body`.
    static func scannedCase(
        _ id: String, suite: String, _ title: String, _ setup: TagSetup, rule: String,
        expectations: ProfileExpectations? = nil,
        _ body: @escaping @Sendable (CaseContext) async throws(Stop) -> RepetitionOutcome
    ) -> ConformanceCase {
        ConformanceCase(
            id: id, suite: suite, title: title, rule: rule, setup: "\(setup)",
            expectations: expectations
        ) { context in
            await run { () async throws(Stop) in
                try await present(context, [setup])
                _ = try await scan(context, expecting: 1)
                return try await body(context)
            }
        }
    }

    /// Runs the steps in `body`, turning a `Stop` into its outcome.
    static func run(_ body: () async throws(Stop) -> RepetitionOutcome) async -> RepetitionOutcome {
        do {
            return try await body()
        } catch {
            return error.outcome
        }
    }
}
