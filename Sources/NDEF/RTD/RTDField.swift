/// The fields of RTD payloads (and record types) that a decode error can point at.
public enum RTDField: String, Sendable, Hashable, CaseIterable {
    /// The whole payload.
    case payload
    /// The URI record's identifier code and URI field.
    case uri
    /// The Text record's status byte.
    case status
    /// The Text record's language code.
    case language
    /// The Text record's text.
    case text
    /// The Smart Poster's nested message.
    case nestedMessage
    /// The Smart Poster's action record ("act").
    case action
    /// The Smart Poster's size record ("s").
    case size
    /// The Smart Poster's type record ("t"), a MIME type.
    case resourceType
    /// The TYPE of a media record (TNF 2).
    case mediaType
    /// The TYPE of an absolute-URI record (TNF 3).
    case absoluteURI
    /// The TYPE of an external record (TNF 4).
    case externalType
    /// The package name of an Android Application Record.
    case packageName
    /// A JSON document in a media payload.
    case json
}
