/// A media record (TNF 2): a payload typed by an RFC 2046 media type such as `text/plain`.
public struct MIMERecord: TypeFieldRecord {
    /// TNF 2.
    public static let typeNameFormat = TypeNameFormat.media
    /// The media type as written, parameters (`; charset=utf-8`) kept.
    public var mediaType: String
    /// The payload.
    public var payload: [UInt8]

    /// Creates a media record.
    public init(mediaType: String, payload: [UInt8]) {
        self.mediaType = mediaType
        self.payload = payload
    }

    /// Decodes a media record from its TYPE and PAYLOAD bytes.
    /// - Throws: `RTDError` when the type is not printable ASCII of the form `type/subtype`.
    public init(type: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) throws(RTDError) {
        self.init(try MIMERecordView(type: type, payload: payload))
    }

    /// `type/subtype` in lower case, parameters and spaces dropped: what media types are
    /// compared by.
    public var essence: String {
        let end = mediaType.firstIndex(of: ";") ?? mediaType.endIndex
        return ASCIICase.lowercased(mediaType[..<end]).filter { $0 != " " && $0 != "\t" }
    }

    /// Whether this record's media type is `type` (compared without case or parameters).
    public func hasMediaType(_ type: String) -> Bool {
        essence == MIMERecord(mediaType: type, payload: []).essence
    }

    /// The value of a media-type parameter such as `charset`, quotes removed; the name is
    /// compared without case.
    public func parameter(_ name: String) -> String? {
        for part in mediaType.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2,
                ASCIICase.equal(pair[0].utf8.filter { $0 != 0x20 }, name.utf8)
            else { continue }
            let padding: Set<Character> = [" ", "\""]
            var value = pair[1].drop { padding.contains($0) }
            while let last = value.last, padding.contains(last) { value.removeLast() }
            return String(value)
        }
        return nil
    }

    /// Whether a Smart Poster counts this record as an icon: an `image/*` or `video/*` type.
    public var isIcon: Bool { Self.isIconType(mediaType.utf8) }

    /// The media type as TYPE.
    public var typeField: [UInt8] { Array(mediaType.utf8) }

    static func isIconType<Bytes: Collection<UInt8>>(_ type: Bytes) -> Bool {
        ASCIICase.hasPrefix(type, "image/") || ASCIICase.hasPrefix(type, "video/")
    }

    // Types seen on most tags come back as these literals, which Strings share without
    // allocating; longer ones would otherwise cost an allocation per record.
    private static let common = [
        "application/json", "text/plain", "text/vcard", "text/x-vcard", "application/vnd.wfa.wsc",
        "application/vnd.bluetooth.ep.oob", "application/vnd.bluetooth.le.oob", "text/html",
    ]

    /// The media type of a checked TYPE as a string, shared when it is a common one.
    static func mediaType(_ type: UnsafeRawBufferPointer) -> String {
        for candidate in common where candidate.utf8.count == type.count {
            let same = candidate.utf8.withContiguousStorageIfAvailable {
                PayloadText.equal(UnsafeRawBufferPointer($0), type)
            }
            if same == true { return candidate }
        }
        return PayloadText.string(type, isASCII: true)
    }
}
