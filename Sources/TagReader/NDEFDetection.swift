/// The outcome of an NDEF detection procedure: the tag's NDEF layout, or why there is none.
public enum NDEFDetection<Layout: Sendable & Hashable>: Sendable, Hashable {
    /// The tag is NDEF; `Layout` says where the message lives.
    case ndef(Layout)
    /// The tag is not NDEF.
    case notSupported(NDEFUnsupportedReason)

    /// The layout, or `ndefNotSupported` for a tag that has none.
    public func layout() throws(NFCReaderError) -> Layout {
        switch self {
        case .ndef(let layout): return layout
        case .notSupported(let reason): throw .ndefNotSupported(reason)
        }
    }
}
