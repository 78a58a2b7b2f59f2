/// A media record located and checked in place, without copying: the fields point into the
/// buffers the record was read from and are valid only while they are alive and unchanged
/// (like `NDEFRecordView`).
public struct MIMERecordView {
    /// The media type as written: printable US-ASCII of the form `type/subtype`.
    public let mediaType: UnsafeRawBufferPointer
    /// The payload.
    public let payload: UnsafeRawBufferPointer

    /// Checks a media record's TYPE and locates its payload.
    /// - Throws: `RTDError` when the type is not printable ASCII of the form `type/subtype`.
    public init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError) {
        try PayloadText.checkASCIIType(type, field: .mediaType)
        // `type/subtype` is what comes before any parameters: one pass finds its end and its
        // first slash.
        var end = 0
        var slash = -1
        while end < type.count && type[end] != 0x3B {
            if slash < 0 && type[end] == 0x2F { slash = end }
            end += 1
        }
        guard slash > 0, slash < end - 1 else {
            throw .malformedType(field: .mediaType, value: PayloadText.string(type, isASCII: true))
        }
        mediaType = type
        self.payload = payload
    }

    /// Whether a Smart Poster counts this record as an icon: an `image/*` or `video/*` type.
    public var isIcon: Bool { MIMERecord.isIconType(mediaType) }
}

extension MIMERecord {
    /// Builds the owned record from a checked view.
    public init(_ view: MIMERecordView) {
        self.init(mediaType: Self.mediaType(view.mediaType), payload: Array(view.payload))
    }
}
