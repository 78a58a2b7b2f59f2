/// What iOS background tag reading does with a message: dispatch a URL, or not and why.
public struct BackgroundReadingVerdict: Sendable, Hashable {
    /// Whether the system offers the URL to the user (the notification that opens it).
    public var dispatch: Bool
    /// The top-level record the URL came from (the URI record, or the Smart Poster).
    public var recordIndex: Int?
    /// Whether the URL came from a Smart Poster's nested URI record.
    public var viaSmartPoster: Bool
    /// The URL, when a URI record decoded.
    public var url: String?
    /// The kind of URL, when it is dispatched.
    public var kind: BackgroundURLKind?
    /// Why nothing is dispatched; `nil` when the URL is.
    public var rejection: BackgroundReadingRejection?
    /// A one-line human explanation of the verdict.
    public var reason: String

    /// Whether the message is the "not from a tag" shape: one empty record.
    public var isNotFromTag: Bool { rejection == .notFromTag }
}
