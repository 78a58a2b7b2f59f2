/// One nested record of a Smart Poster as the poster's rules read it, checked and located in
/// place: valid only while the record it was read from is alive and unchanged.
public enum SmartPosterPartView {
    /// The URI record.
    case uri(URIRecordView)
    /// A title ("T" record).
    case title(TextRecordView)
    /// The action record ("act").
    case action(SmartPosterAction)
    /// The size record ("s"), in bytes.
    case size(UInt32)
    /// The type record ("t"): UTF-8 naming the MIME type of what the URI points to.
    case resourceType(UnsafeRawBufferPointer)
    /// An icon: a media record of an `image/*` or `video/*` type.
    case icon(MIMERecordView)
    /// A nested record of any other kind, which the RTD asks readers to ignore.
    case other(NDEFRecordView)
}

/// Receives the parts of a Smart Poster as its nested message is checked, so that decoding an
/// owned poster walks the nested message once.
protocol SmartPosterPartSink {
    mutating func add(_ part: SmartPosterPartView)
}

/// The sink of a check that keeps no parts.
struct IgnoredSmartPosterParts: SmartPosterPartSink {
    @inline(__always)
    func add(_ part: SmartPosterPartView) {}
}

/// Hands the parts to a closure.
struct VisitedSmartPosterParts: SmartPosterPartSink {
    let visit: (SmartPosterPartView) -> Void

    func add(_ part: SmartPosterPartView) { visit(part) }
}
