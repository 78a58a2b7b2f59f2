/// Why a response's data (the bytes after its response code) does not fit the command's
/// layout; offsets count from the first of those bytes.
public enum PN533ResponseError: Error, Sendable, Hashable {
    /// The data ended at `offset`, where `field` needed `needed` more bytes.
    case truncated(field: String, offset: Int, needed: Int)
    /// `field` at `offset` holds a value the layout does not allow.
    case invalidValue(field: String, offset: Int, value: UInt8)
    /// Bytes follow the last field, starting at `offset`.
    case trailingBytes(offset: Int, bytes: [UInt8])
}
