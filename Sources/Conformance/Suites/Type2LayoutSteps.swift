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
        scannedCase(id, title, setup, rule: rule) { context async throws(CaseSteps.Stop) in
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
        if refusal == .notNDEF, read.status != .notSupported {
            return .fail(
                "expected status notSupported or an error, the DUT reported "
                    + read.status.rawValue + (got.map { " and read \($0)" } ?? ""))
        }
        if let got { return .fail("expected no message, the DUT read \(got)") }
        return .pass
    }

    /// A write to the tag `setup` presents must be refused with `tagNotWritable`, the tag left
    /// as it was, after the DUT read the tag.
    static func refusedWriteCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ new: [UInt8], rule: String
    ) -> ConformanceCase {
        scannedCase(id, title, setup, rule: rule) { context async throws(CaseSteps.Stop) in
            let refused = await CaseSteps.refusedWrite(context, new, expecting: "tagNotWritable")
            guard refused.verdict == .pass else { return refused }
            let unchanged = try await RFObservations.tagUnchanged(context)
            guard unchanged.verdict == .pass else { return unchanged }
            // A refusal is also what a DUT says that never looked at the tag.
            return await RFObservations.capabilityContainerReadOnAir(
                context, backing: "the DUT refused to write")
        }
    }

    /// The DUT writes `new` to the tag `setup` presents; the tag must then hold it.
    static func writeCase(
        _ id: String, _ title: String, _ setup: TagSetup, _ new: [UInt8], rule: String
    ) -> ConformanceCase {
        scannedCase(id, title, setup, rule: rule) { context async throws(CaseSteps.Stop) in
            try await CaseSteps.write(context, new)
            return try await RFObservations.tagHolds(context, new)
        }
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
