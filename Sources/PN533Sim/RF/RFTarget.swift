/// Something a reader can find in the field: a software tag, or a PN533 in target mode.
///
/// The field calls these as the reader's frames arrive; a target answers through the
/// `RFReply` it is handed, at the virtual instant its answer starts on the air, or never.
public protocol RFTarget: AnyObject, Sendable {
    /// Anticollision chose this target and sent SELECT; SEL_RES went back.
    func selected(at instant: SimulationInstant) async
    /// A reader frame ended at `instant`; answer through `reply`, or stay silent.
    func receive(_ frame: AirFrame, endedAt instant: SimulationInstant, reply: RFReply) async
    /// The reader sent HLTA, or selected another card: back to HALT, answering WUPA only.
    func halted() async
    /// The field went off or this target left it: whatever was going on is over.
    func fieldLost() async
}

/// The way back for one answer to one reader frame.
public struct RFReply: Sendable {
    let channel: SimulationChannel<RFAnswer>

    /// Answers with `frame`, whose transmission starts now (call it at that virtual instant).
    public func send(_ frame: AirFrame, startingAt instant: SimulationInstant) {
        channel.send(RFAnswer(frame: frame, startedAt: instant))
    }
}

/// A target's answer and when it started on the air.
public struct RFAnswer: Sendable, Hashable {
    /// The frame as transmitted.
    public var frame: AirFrame
    /// When its first bit went out.
    public var startedAt: SimulationInstant
}
