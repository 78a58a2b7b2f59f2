import NDEF
import Rig
import TagFormat

/// The kinds of case `t2t-layout` runs besides reads and statuses (`NDEFReadSuite`'s): a tag
/// the DUT must refuse, refuse to write, or write around its reserved bytes, each judged on
/// what the DUT said and on what the tag saw.
enum Type2LayoutSteps {
    /// A read the DUT should refuse, and how.
    enum Refusal {
        /// No NDEF at all: status `notSupported`, or a reader error.
        case notNDEF
        /// No message: a reader error, or an answer without message bytes or records.
        case noMessage
    }

    /// The tag `setup` presents must be refused as `refusal` says; `observe` then judges the
    /// tag's side (the READs it received); last, the DUT must still read a good tag.
    static func refusalCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ refusal: Refusal, rule: String,
        observe: @escaping @Sendable (CaseContext) async -> RepetitionOutcome = { _ in .pass }
    ) -> ConformanceCase {
        var built = scannedCase(id, title, setup, rule: rule) {
            context async throws(CaseSteps.Stop) in
            let refused = await refuses(context, refusal)
            guard refused.verdict == .pass else { return refused }
            // "Not NDEF" and "no message" are also what a DUT says that never looked: the CC
            // (version, size, access) is where every Type 2 NDEF detection starts.
            let looked = await RFObservations.capabilityContainerReadOnAir(
                context, backing: "the DUT refused the tag")
            guard looked.verdict == .pass else { return looked }
            let observed = await observe(context)
            guard observed.verdict == .pass else { return observed }
            return try await readsAGoodTag(context)
        }
        let refused =
            switch refusal {
            case .notNDEF: "reports the tag as not NDEF (status notSupported, or an error)"
            case .noMessage: "reports no message (an error, or an answer without a message)"
            }
        built.expectation =
            refused + ", after reading the CC on the air, with no READ the case forbids (as "
            + "its title says); then still reads a good tag"
        return built
    }

    /// A case of this suite: `setup` presented, one tag found by the DUT's scan, then `body`.
    private static func scannedCase(
        _ id: String, _ title: String, _ setup: TagSetup, rule: String,
        _ body: @escaping @Sendable (CaseContext) async throws(CaseSteps.Stop) -> RepetitionOutcome
    ) -> ConformanceCase {
        CaseSteps.scannedCase(id, suite: Type2LayoutSuite.name, title, setup, rule: rule, body)
    }

    /// Whether the DUT's read refused the tag as `refusal` says.
    private static func refuses(_ context: CaseContext, _ refusal: Refusal) async
        -> RepetitionOutcome
    {
        let read: DUTRead
        switch await CaseSteps.refusalRead(context, on: "the tag") {
        case .refused: return .pass
        case .broke(let outcome): return outcome
        case .answered(let answer): read = answer
        }
        let got =
            read.ndef.map { "\($0.count) message bytes" }
            ?? read.records.flatMap { $0.isEmpty ? nil : ReadJudgement.describe($0) }
        // What the tag served beside what the DUT reported.
        let onAir =
            "; its READs asked for blocks "
            + RFObservations.describe(await RFObservations.type2ReadBlocks(context))
        if refusal == .notNDEF, read.status != .notSupported {
            return .fail(
                "expected status notSupported or an error, the DUT reported "
                    + read.status.rawValue + (got.map { " and \($0)" } ?? "") + onAir)
        }
        if let got { return .fail("expected no message, the DUT reported \(got)" + onAir) }
        return .pass
    }

    /// The status of a tag whose lock bits are all set while its CC grants writing (00), a
    /// state T2T 1.1 does not define: the tag is NDEF, so `notSupported` fails; `readOnly`
    /// (from the lock bits, the robust reading) counts only after the DUT read the lock bytes
    /// at `lockArea`, and `readWrite` (what the CC says) after it read the CC.
    static func lockedStatusCase(
        _ id: String, _ title: String, _ setup: TagSetup, lockArea: Range<Int>,
        lockBytes: String, rule: String, expected: ProfileExpectations
    ) -> ConformanceCase {
        var built = scannedCase(id, title, setup, rule: rule) {
            context async throws(CaseSteps.Stop) in
            let read = try await CaseSteps.read(context)
            switch read.status {
            case .notSupported:
                return .fail(
                    "status notSupported for an NDEF tag (CC magic E1, version 1.0, an NDEF "
                        + "Message TLV): lock bits set do not make a tag not NDEF")
            case .readOnly:
                let looked = await RFObservations.type2AreaRead(context, lockArea, what: lockBytes)
                guard looked.verdict == .pass else {
                    return looked.prefixed("status readOnly rests on the lock bits, but ")
                }
                return .pass
            case .readWrite:
                return await RFObservations.capabilityContainerReadOnAir(
                    context, backing: "the DUT reported the tag readWrite")
            }
        }
        built.expectations = expected
        return built
    }

    /// A write to the tag `setup` presents, whose lock bits lock its NDEF area while its CC
    /// grants writing: the DUT must not report the write done, and the tag must be unchanged.
    /// It may refuse before writing (`tagNotWritable`, from the lock bytes at `lockArea`, which
    /// it must have read) or report any write error after the tag NAKed a WRITE; any other
    /// error rests on nothing the tag did.
    static func lockedWriteCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ new: [UInt8], lockArea: Range<Int>,
        lockBytes: String, rule: String, expected: ProfileExpectations
    ) -> ConformanceCase {
        var built = scannedCase(id, title, setup, rule: rule) {
            context async throws(CaseSteps.Stop) in
            let reported: (name: String, message: String)?
            do throws(DUTError) {
                try await context.dut.write(new)
                reported = nil
            } catch .reader(let name, let message) {
                reported = (name, message)
            } catch {
                return CaseSteps.outcome(of: error, in: "write")
            }
            let writes = await RFObservations.type2Writes(context)
            let refused = writes.first { !$0.acknowledged }
            guard let (name, message) = reported else {
                let evidence =
                    refused.map { "the tag refused \($0.summary)" }
                    ?? (writes.isEmpty
                        ? "no WRITE reached the tag"
                        : "its WRITEs: " + writes.prefix(3).map(\.summary).joined(separator: ", "))
                return RepetitionOutcome.fail(
                    "the DUT reported the write done on a tag whose lock bits lock it; \(evidence)"
                ).evidenced(at: refused?.at)
            }
            let unchanged = try await RFObservations.tagUnchanged(context)
            guard unchanged.verdict == .pass else { return unchanged }
            if refused != nil {
                // The write failed on the tag's NAK and the DUT said so: what a reader that
                // follows the CC does, and all a rule asks.
                return .pass
            }
            guard name == "tagNotWritable" else {
                return .fail(
                    "the DUT reported \(name) (\(message)), but the tag refused no WRITE "
                        + (writes.isEmpty ? "(none reached it)" : "(each was acknowledged)")
                        + ": only tagNotWritable, read from the lock bits, or a write error "
                        + "after a NAK rests on the tag")
            }
            let looked = await RFObservations.capabilityContainerReadOnAir(
                context, backing: "the DUT refused to write")
            guard looked.verdict == .pass else { return looked }
            let locks = await RFObservations.type2AreaRead(context, lockArea, what: lockBytes)
            guard locks.verdict == .pass else {
                return locks.prefixed("tagNotWritable rests on the lock bits, but ")
            }
            return .pass
        }
        built.expectations = expected
        return built
    }

    /// The DUT writes `new` to the tag `setup` presents; the tag must then hold it.
    static func writeCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ new: [UInt8], rule: String
    ) -> ConformanceCase {
        var built = scannedCase(id, title, setup, rule: rule) {
            context async throws(CaseSteps.Stop) in
            try await CaseSteps.write(context, new)
            return try await RFObservations.tagHolds(context, new)
        }
        built.expectation =
            "writes the \(new.count)-byte message: afterwards the tag holds it, by the WRITEs it "
            + "accepted (none to a reserved byte or a locked block)"
        return built
    }

    /// A well-formed Type 2 tag in place of the one before: the DUT must find and read it,
    /// so a reader the hostile tag left broken fails.
    static func readsAGoodTag(_ context: CaseContext) async throws(CaseSteps.Stop)
        -> RepetitionOutcome
    {
        let good = Fixtures.type2(Fixtures.encode([Fixtures.uri("https://example.com/good")]))
        return try await CaseSteps.readsAGoodTag(context, good, kind: "Type 2")
    }
}
