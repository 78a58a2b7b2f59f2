/// The length field that opens a Type 4 Tag NDEF file: NLEN (2 bytes, mapping 2.0) or ENLEN
/// (4 bytes, the ENDEF file of mapping 3.0), big-endian, followed by the message.
///
/// A reader writes tearing-safe: length 0, then the message from offset `size`, then the
/// length. Capacity rule: the message holds at most the maximum file size less `size` bytes.
public enum NDEFFileLength: Int, Sendable, Hashable, CaseIterable {
    /// NLEN, 2 bytes.
    case nlen = 2
    /// ENLEN, 4 bytes.
    case enlen = 4

    /// The field's size in bytes.
    public var size: Int { rawValue }

    /// The maximum file sizes the CC may announce for a file with this field.
    public var allowedMaximumFileSizes: ClosedRange<Int> {
        switch self {
        case .nlen: 0x0005...0xFFFE
        case .enlen: 0x0000_0007...0xFFFF_FFFE
        }
    }

    /// The largest message a file of `maximumFileSize` bytes holds (never negative).
    public func messageCapacity(maximumFileSize: Int) -> Int {
        max(0, maximumFileSize - size)
    }

    /// The field's bytes for a message of `length` bytes.
    public func encode(_ length: Int) throws(NDEFFileError) -> [UInt8] {
        let maximum = self == .nlen ? 0xFFFF : 0xFFFF_FFFF
        guard (0...maximum).contains(length) else {
            throw .lengthOutOfRange(length: length, maximum: maximum)
        }
        return bigEndianBytes(length, count: size)
    }

    /// Reads the field from the start of `file`.
    public func decode(_ file: some Collection<UInt8>) throws(NDEFFileError) -> Int {
        let bytes = Array(file.prefix(size))
        guard bytes.count == size else {
            throw .truncatedLength(offset: 0, needed: size, available: bytes.count)
        }
        return bigEndian(bytes, at: 0, count: size)
    }

    /// A whole NDEF file of `maximumFileSize` bytes: the length field, the message, zeros.
    public func file(containing message: [UInt8], maximumFileSize: Int) throws(NDEFFileError)
        -> [UInt8]
    {
        let capacity = messageCapacity(maximumFileSize: maximumFileSize)
        guard message.count <= capacity else {
            throw .messageTooLong(length: message.count, capacity: capacity)
        }
        var file = try encode(message.count) + message
        file += repeatElement(0, count: maximumFileSize - file.count)
        return file
    }

    /// The message an NDEF file holds: the bytes after the length field, as many as it says.
    ///
    /// `file` may be just the bytes read so far; `maximumFileSize` (from the CC) bounds the
    /// length a tag may claim.
    public func message(inFile file: some Collection<UInt8>, maximumFileSize: Int)
        throws(NDEFFileError) -> [UInt8]
    {
        let bytes = Array(file)
        let length = try decode(bytes)
        let capacity = messageCapacity(maximumFileSize: maximumFileSize)
        guard length <= capacity else {
            throw .lengthExceedsCapacity(offset: 0, length: length, capacity: capacity)
        }
        guard size + length <= bytes.count else {
            throw .messageTruncated(offset: size, length: length, available: bytes.count - size)
        }
        return Array(bytes[size..<size + length])
    }
}
