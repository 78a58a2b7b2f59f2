extension ConformanceCatalog {
    /// The faults of the reference reader's NDEF reader session (issue 33), each breaking one
    /// behaviour Apple documents; the `corenfc-session` cases catch them under `corenfc`,
    /// and nothing else runs a session.
    static let sessionFaultCatches: [FaultCatch] = [
        FaultCatch(
            fault: "ignores-invalidate-after-first-read",
            reader: "goes on polling after the first read of a session begun with "
                + "invalidateAfterFirstRead instead of ending it with 204",
            fails: ["SESSION-001"]),
        FaultCatch(
            fault: "times-out-early",
            reader: "ends a session with 201 after 30 s instead of CoreNFC's 60",
            fails: ["SESSION-002"]),
        FaultCatch(
            fault: "polls-after-invalidation",
            reader: "reports a session's end on Cancel (200) or at its time limit (201) but "
                + "leaves its field on and goes on polling",
            fails: ["SESSION-002", "SESSION-003"]),
        FaultCatch(
            fault: "reads-after-invalidation",
            reader: "ignores invalidate(), so a read after it reaches the tag instead of "
                + "failing with 103",
            fails: ["SESSION-004"]),
        FaultCatch(
            fault: "stops-after-first-tag",
            reader: "reads the first tag of a didDetectNDEFs session and polls no more, so the "
                + "next tag is never reported",
            fails: ["SESSION-005"]),
    ]
}
