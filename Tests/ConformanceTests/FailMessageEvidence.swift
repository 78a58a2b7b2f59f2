import Conformance
import NFCRigTestSupport
import PacketTrace

/// `FailMessageClaims` for a case result of an in-process run: its message against the
/// trace of the repetition that decided it.
enum FailMessageEvidence {
    /// What `result`'s fail message claims that its trace does not hold, one line each;
    /// empty when it did not fail, claims nothing, or everything it claims is there.
    static func unsupportedClaims(of result: CaseResult, by dut: String) -> [String] {
        guard result.verdict == .fail else { return [] }
        return FailMessageClaims.unsupported(
            message: result.message, interfaces: result.trace.map(records),
            partial: result.trace?.interfaces.contains { $0.gap != nil } ?? false, source: dut,
            caseID: result.id)
    }

    /// Each interface's records.
    static func records(_ trace: CaseTrace) -> [[TraceRecord]] {
        trace.interfaces.map(\.records)
    }
}
