/// A cursor over response data that names the field and offset of whatever is missing,
/// wrong or left over, as `PN533Error.malformedResponse` for `command`.
struct PN533ResponseReader {
    let bytes: [UInt8]
    let command: PN533Command
    private(set) var offset = 0

    init(_ bytes: [UInt8], command: PN533Command) {
        self.bytes = bytes
        self.command = command
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    func malformed(_ error: PN533ResponseError) -> PN533Error {
        .malformedResponse(command: command, error: error)
    }

    /// The byte at the cursor, without consuming it.
    func peek() -> UInt8? { isAtEnd ? nil : bytes[offset] }

    mutating func readByte(_ field: String) throws(PN533Error) -> UInt8 {
        guard offset < bytes.count else {
            throw malformed(.truncated(field: field, offset: offset, needed: 1))
        }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readBytes(_ count: Int, _ field: String) throws(PN533Error) -> [UInt8] {
        guard count <= remaining else {
            throw malformed(.truncated(field: field, offset: offset, needed: count - remaining))
        }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func readRest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Reads the status byte and throws the mapped failure unless it is success.
    mutating func readSuccessStatus() throws(PN533Error) -> PN533StatusByte {
        let status = PN533StatusByte(try readByte("status"))
        try PN533Error.check(status.status, command: command)
        return status
    }

    func invalid(_ field: String, at offset: Int, _ value: UInt8) -> PN533Error {
        malformed(.invalidValue(field: field, offset: offset, value: value))
    }

    /// Throws unless every byte was read.
    func finish() throws(PN533Error) {
        guard isAtEnd else {
            throw malformed(.trailingBytes(offset: offset, bytes: Array(bytes[offset...])))
        }
    }
}
