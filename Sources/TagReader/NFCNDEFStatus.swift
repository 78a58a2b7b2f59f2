/// Whether a tag holds NDEF and may be written, as CoreNFC's `NFCNDEFStatus` says it; the raw
/// values are the names the DUT protocol (DESIGN §6) uses.
public enum NFCNDEFStatus: String, Sendable, Hashable, CaseIterable {
    /// The tag is not NDEF formatted, or not a tag type the reader speaks.
    case notSupported
    /// NDEF, readable and writable.
    case readWrite
    /// NDEF, readable only.
    case readOnly
}
