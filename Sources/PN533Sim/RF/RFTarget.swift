/// Something a reader can find in the field: a software tag, or a PN533 in target mode.
///
/// The field calls these, on its own executor, as the reader's frames arrive; a target
/// answers through the `RFReply` it is handed, at once or later, or never.
public protocol RFTarget: AnyObject, Sendable {
    /// Anticollision chose this target and sent SELECT; SEL_RES went back.
    func selected(at instant: SimulationInstant, in field: isolated RFField)
    /// A reader frame ended at `instant`; answer through `reply`, or stay silent.
    func receive(
        _ frame: AirFrame, endedAt instant: SimulationInstant, reply: RFReply,
        in field: isolated RFField)
    /// The reader sent HLTA, or selected another card: back to HALT, answering WUPA only.
    func halted(in field: isolated RFField)
    /// The field went off or this target left it: whatever was going on is over.
    func fieldLost(in field: isolated RFField)
}

/// The way back for one answer to one reader frame.
public struct RFReply: Sendable {
    let field: RFField
    let id: Int

    /// Answers with `frame`, whose transmission starts at `instant` (now, or later: the
    /// field keeps it until then). Call it on the field's executor, as the target's methods
    /// and every chip of the field run.
    public func send(_ frame: AirFrame, startingAt instant: SimulationInstant) {
        field.assumeIsolated { $0.answer(id, with: frame, startingAt: instant) }
    }
}
