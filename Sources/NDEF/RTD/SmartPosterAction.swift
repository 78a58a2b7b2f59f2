/// The Smart Poster action record ("act"): what the reader should do with the URI.
public enum SmartPosterAction: UInt8, Sendable, Hashable, CaseIterable {
    /// Do the action: open the link, place the call, send the message (ndeflib's "exec").
    case execute = 0x00
    /// Save it for later (a bookmark, a contact).
    case save = 0x01
    /// Open it for editing.
    case edit = 0x02

    /// The stable name used in JSON output.
    public var name: String {
        switch self {
        case .execute: "execute"
        case .save: "save"
        case .edit: "edit"
        }
    }
}
