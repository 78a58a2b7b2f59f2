/// Deliberate faults of the reference reader's CoreNFC-style reader sessions, each breaking
/// one behaviour Apple documents, for the `corenfc-session` cases to catch (`--dut-fault`).
public struct SessionFaults: ReaderFaultSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `ignores-invalidate-after-first-read`: a session begun with
    /// `invalidateAfterFirstRead` goes on polling after its first read instead of ending
    /// with 204.
    public static let ignoresInvalidateAfterFirstRead = SessionFaults(rawValue: 1 << 0)
    /// `times-out-early`: the session ends with 201 after 30 s, not 60 s.
    public static let timesOutEarly = SessionFaults(rawValue: 1 << 1)
    /// `polls-after-invalidation`: on Cancel (200) or the time limit (201) the session
    /// reports its end but leaves the field on and goes on polling.
    public static let pollsAfterInvalidation = SessionFaults(rawValue: 1 << 2)
    /// `reads-after-invalidation`: `invalidate()` is ignored, so a tag operation after it
    /// still reaches the tag instead of failing with 103.
    public static let readsAfterInvalidation = SessionFaults(rawValue: 1 << 3)
    /// `stops-after-first-tag`: a session without `invalidateAfterFirstRead` reads its first
    /// tag and then polls no more, so the next tag is never reported.
    public static let stopsAfterFirstTag = SessionFaults(rawValue: 1 << 4)

    /// Every fault with its `--dut-fault` name, in the order `ReaderFaults.specs` lists them.
    public static let named: [(name: String, fault: SessionFaults)] = [
        ("ignores-invalidate-after-first-read", .ignoresInvalidateAfterFirstRead),
        ("times-out-early", .timesOutEarly),
        ("polls-after-invalidation", .pollsAfterInvalidation),
        ("reads-after-invalidation", .readsAfterInvalidation),
        ("stops-after-first-tag", .stopsAfterFirstTag),
    ]
}
