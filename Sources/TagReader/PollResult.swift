/// What one `poll(timeout:)` found.
public enum PollResult: Sendable, Hashable {
    /// Exactly one tag: it is connected and can be read and written.
    case tag(NFCTag)
    /// More than one tag: nothing was read and polling was restarted after the delay.
    case multipleTags(count: Int)
    /// No tag came within the timeout.
    case noTag
}
