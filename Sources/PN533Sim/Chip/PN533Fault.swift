/// A fault the simulated chip can be told to commit, to show what the driver does about it.
/// Each fault fires once, on the next occasion it applies to, in the order they were added.
public enum PN533Fault: Sendable, Hashable {
    /// Flip a bit of the next response's data checksum (the host should NACK).
    case corruptNextResponse
    /// Send no ACK for the next command (the response still comes).
    case dropNextACK
    /// Send no ACK for the next `count` commands: the chip quirk drivers must tolerate.
    case answerWithoutACK(count: Int)
    /// Hold the next response back by this much more.
    case delayNextResponse(by: Duration)
    /// Acknowledge the next command but never answer it.
    case stallNextCommand
    /// After this many more bytes go from this reader to a card, the card leaves the field.
    case targetLeavesAfter(bytes: Int)
    /// The USB device goes away after this many more commands: every later transfer fails.
    case disconnectAfter(commands: Int)
}
