/// Why background tag reading dispatches nothing for a message.
public enum BackgroundReadingRejection: String, Error, Sendable, Hashable, CaseIterable {
    /// The message is one empty record: a user activity that did not come from a tag.
    case notFromTag
    /// No record is a URI record (or a Smart Poster standing in for one).
    case noURIRecord
    /// The URI's scheme is not one iOS dispatches, e.g. `myapp://`.
    case customScheme
    /// The URI record's payload does not decode, or the URI has no scheme (or no host).
    case badURI
}
