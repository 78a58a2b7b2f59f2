import Foundation

extension MIMERecord {
    /// The media type JSON payloads carry.
    public static let jsonMediaType = "application/json"

    /// Whether the media type is `application/json` or a `+json` structured syntax type.
    public var isJSON: Bool {
        let essence = self.essence
        return essence == Self.jsonMediaType || essence.hasSuffix("+json")
    }

    /// Creates an `application/json` record, checking that `payload` is a JSON document.
    /// - Throws: `RTDError.invalidJSON` when it is not.
    public init(json payload: [UInt8], mediaType: String = MIMERecord.jsonMediaType)
        throws(RTDError)
    {
        self.init(mediaType: mediaType, payload: payload)
        _ = try jsonObject()
    }

    /// Creates an `application/json` record holding `object` serialised (keys sorted, so the
    /// bytes are reproducible).
    /// - Throws: `RTDError.invalidJSON` when `object` cannot be serialised.
    public init(jsonObject object: Any, mediaType: String = MIMERecord.jsonMediaType)
        throws(RTDError)
    {
        guard JSONSerialization.isValidJSONObject(object) else {
            throw .invalidJSON(detail: "\(type(of: object)) is not a JSON object or array")
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
            self.init(mediaType: mediaType, payload: [UInt8](data))
        } catch {
            throw .invalidJSON(detail: "\(error)")
        }
    }

    /// The payload parsed as JSON (fragments such as a bare string allowed).
    /// - Throws: `RTDError.typeMismatch` when the media type is not a JSON one,
    ///   `RTDError.invalidJSON` when the payload does not parse.
    public func jsonObject() throws(RTDError) -> Any {
        guard isJSON else {
            throw .typeMismatch(expected: "media \"\(Self.jsonMediaType)\"", actual: mediaType)
        }
        do {
            return try JSONSerialization.jsonObject(
                with: Data(payload), options: .fragmentsAllowed)
        } catch {
            throw .invalidJSON(detail: (error as NSError).localizedDescription)
        }
    }
}
