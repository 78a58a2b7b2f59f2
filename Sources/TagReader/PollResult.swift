/// What one `poll(timeout:)` found.
public enum PollResult: Sendable, Hashable {
    /// Exactly one tag: it is connected and can be read and written.
    case tag(NFCTag)
    /// More than one tag, each as the count listed it: nothing was read and polling was
    /// restarted after the delay.
    case multipleTags([NFCTag])
    /// No tag came within the timeout.
    case noTag

    /// How many tags `multipleTags` found; nil for the other results.
    public var multipleTagCount: Int? {
        if case .multipleTags(let tags) = self { tags.count } else { nil }
    }
}
