/// Why a request could not be built or sent: the caller asked for something the frame or
/// the command layout cannot carry.
public enum PN533RequestError: Error, Sendable, Hashable {
    /// `field` must be `expected` bytes long but is `actual`.
    case fieldLength(field: String, expected: Int, actual: Int)
    /// `field` holds `actual` bytes, more than its length byte or the chip allows.
    case fieldTooLong(field: String, maximum: Int, actual: Int)
    /// `field` is `value`, outside `range`.
    case outOfRange(field: String, value: Int, range: ClosedRange<Int>)
    /// The frame's LEN (frame identifier, code and data) would exceed the chip's limit.
    case frameTooLong(length: Int, maximum: Int)
}
