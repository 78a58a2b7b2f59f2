import Rig

extension CaseSteps {
    /// How a read the DUT should refuse went (a tag it must not read, a broken message, a
    /// tag that left mid-read).
    enum RefusalRead {
        /// The DUT reported an error: the refusal it owed.
        case refused
        /// It answered without an error: the case judges the answer.
        case answered(DUTRead)
        /// It crashed, hung or failed otherwise: the outcome that says so.
        case broke(RepetitionOutcome)
    }

    /// Reads a tag the DUT should refuse; `what` names it in the failure (`the tag`, `the
    /// broken message`); `metric`, when given, times the read.
    static func refusalRead(
        _ context: CaseContext, on what: String, metric: String? = nil
    ) async -> RefusalRead {
        do {
            guard let metric else { return .answered(try await context.dut.read()) }
            return .answered(
                try await context.timed(metric) { () async throws(DUTError) in
                    try await context.dut.read()
                })
        } catch .reader {
            return .refused
        } catch .timeout(let operation, let after, let stderr) {
            return .broke(
                .fail(
                    "the DUT hung on \(what): "
                        + "\(DUTError.timeout(operation: operation, after: after, stderr: stderr))"
                ))
        } catch .exited(let status, let stderr) {
            return .broke(
                .fail(
                    "the DUT crashed on \(what): "
                        + "\(DUTError.exited(status: status, stderr: stderr))"))
        } catch {
            return .broke(outcome(of: error, in: "read"))
        }
    }
}
