import NDEF
import Rig

/// The steps most cases share: present tags, scan, read; each turns DUT trouble into the
/// verdict DESIGN §6 asks for (an ERROR quoting what went wrong).
enum CaseSteps {
    /// What a step failed with, ready to return from a case.
    struct Stop: Error { var outcome: RepetitionOutcome }

    static func present(_ context: CaseContext, _ setups: [TagSetup]) async throws(Stop) {
        if let early = await context.present(setups) { throw Stop(outcome: early) }
    }

    /// Scans and expects exactly `count` tags.
    static func scan(_ context: CaseContext, expecting count: Int) async throws(Stop) -> DUTScan {
        try await scan(context, expecting: count...count)
    }

    /// Scans, records how long the scan took under `metric` (unless `nil`), and expects a
    /// tag count in `counts` (`2...Int.max`: more than one).
    static func scan(
        _ context: CaseContext, expecting counts: ClosedRange<Int>,
        metric: String? = "timeToDetect"
    ) async throws(Stop) -> DUTScan {
        // The DUT's poll must find every tag the case put there: an emulator still arming
        // after the last reader (slow on a busy host, on the wall clock) would hide one.
        if let early = await context.tagsReady() { throw Stop(outcome: early) }
        let start = context.now
        let scan: DUTScan
        do {
            scan = try await context.dut.scan(timeout: .seconds(3))
        } catch {
            throw Stop(outcome: .error("scan: \(error)"))
        }
        if let metric { context.recorder.record(metric, context.now - start) }
        guard counts.contains(scan.tags.count) else {
            let expected =
                counts.count == 1
                ? "\(counts.lowerBound)"
                : counts.upperBound == Int.max
                    ? "\(counts.lowerBound) or more"
                    : "\(counts.lowerBound) to \(counts.upperBound)"
            throw Stop(
                outcome: .fail("expected \(expected) tag(s), the DUT reported \(scan.tags.count)"))
        }
        return scan
    }

    /// Reads; `metric` names the latency series (e.g. `readTime.1KiB`).
    static func read(_ context: CaseContext, metric: String = "readTime") async throws(Stop)
        -> DUTRead
    {
        do {
            return try await context.timed(metric) { () async throws(DUTError) in
                try await context.dut.read()
            }
        } catch {
            throw Stop(outcome: .error("read: \(error)"))
        }
    }

    /// Writes `ndef` and records `writeTime`, and `apduTime`: the write time divided by the
    /// UPDATE BINARY or WRITE commands the tag received.
    static func write(_ context: CaseContext, _ ndef: [UInt8]) async throws(Stop) {
        let start = context.now
        do {
            try await context.dut.write(ndef)
        } catch {
            throw Stop(outcome: .error("write: \(error)"))
        }
        let elapsed = context.now - start
        context.recorder.record("writeTime", elapsed)
        let commands = await RFObservations.writeCommands(context).count
        if commands > 0 { context.recorder.record("apduTime", elapsed / commands) }
    }

    /// Writes `ndef` and expects the DUT to refuse with the CoreNFC error `name`.
    static func refusedWrite(_ context: CaseContext, _ ndef: [UInt8], expecting name: String)
        async -> RepetitionOutcome
    {
        do {
            try await context.dut.write(ndef)
            return .fail("the DUT wrote without an error, expected \(name)")
        } catch .reader(let got, let message) {
            guard got == name else {
                return .fail("the DUT refused with \(got) (\(message)), expected \(name)")
            }
            return .pass
        } catch {
            return .error("write: \(error)")
        }
    }

    /// Scans for the one tag in the field and reads it: its records must be `expected`'s.
    @discardableResult
    static func readAlone(_ context: CaseContext, expecting expected: [UInt8])
        async throws(Stop) -> DUTRead
    {
        _ = try await scan(context, expecting: 1)
        let read = try await read(context, metric: sizeBucket(expected.count))
        let same = sameRecords(read.ndef, expected)
        guard same.verdict == .pass else { throw Stop(outcome: same) }
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

    /// Whether the DUT's message has the same records as `expected` (compared decoded, so a
    /// DUT may re-encode with other SR/chunk choices).
    static func sameRecords(_ got: [UInt8]?, _ expected: [UInt8]) -> RepetitionOutcome {
        let mine = try? NDEFDecoder().decode(expected)
        guard let got else {
            return .fail(
                "the DUT returned no message, expected \(mine?.records.count ?? 0) record(s)")
        }
        let theirs: NDEFMessage
        do {
            theirs = try NDEFDecoder().decode(got)
        } catch {
            return .fail("the DUT's message does not decode: \(error)")
        }
        guard let mine else { return .error("harness: the expected message does not decode") }
        guard mine.records == theirs.records else {
            return .fail(
                "the DUT's message differs: \(theirs.records.count) record(s), expected "
                    + "\(mine.records.count); got \(Hex.encode(got.prefix(48)))")
        }
        return .pass
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
