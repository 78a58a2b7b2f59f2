import Rig

extension CaseSteps {
    /// A well-formed tag in place of the one before: the DUT must find and read it, so a
    /// reader that a hostile tag left broken fails. `kind` names the tag in the message.
    static func readsAGoodTag(_ context: CaseContext, _ good: TagSetup, kind: String)
        async throws(Stop) -> RepetitionOutcome
    {
        try await present(context, [good])
        do {
            try await readAlone(context, stored: good.content)
        } catch {
            return error.outcome.prefixed("after that tag, a good \(kind) tag: ")
        }
        return .pass
    }
}
