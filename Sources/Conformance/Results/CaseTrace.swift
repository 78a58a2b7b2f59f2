import PacketTrace

/// The traces of the repetition that decided a case's verdict: the RF and USB interfaces a
/// trace file holds.
public struct CaseTrace: Sendable, Hashable {
    /// Which repetition (0-based).
    public var repetition: Int
    /// Its interfaces and their records.
    public var interfaces: [InterfaceTrace]
    /// When the frame the verdict rests on was seen, if the case knows.
    public var evidenceAt: Duration?

    /// Creates a case trace.
    public init(repetition: Int, interfaces: [InterfaceTrace], evidenceAt: Duration? = nil) {
        self.repetition = repetition
        self.interfaces = interfaces
        self.evidenceAt = evidenceAt
    }

    /// The trace file's section for case `caseID`: its comments name the case, the
    /// repetition and the rig.
    public func section(caseID: String, title: String, rig: String) -> TraceSection {
        TraceSection(
            comments: [
                "nfcrig case \(caseID): \(title)", "repetition \(repetition + 1)", "rig \(rig)",
            ],
            interfaces: interfaces)
    }
}
