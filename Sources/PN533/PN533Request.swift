/// A command code and its parameters, ready to frame; the per-command builders live in the
/// extensions named after each command.
public struct PN533Request: Sendable, Hashable {
    /// The command.
    public var command: PN533Command
    /// The parameters after the command code.
    public var data: [UInt8]

    /// A request with raw parameters.
    public init(_ command: PN533Command, _ data: [UInt8] = []) {
        self.command = command
        self.data = data
    }

    /// The host→chip frame carrying this request.
    public var frame: PN533Frame { .command(command, data) }

    static func invalid(
        _ command: PN533Command, _ error: PN533RequestError
    ) -> PN533Error {
        .invalidRequest(command: command, error: error)
    }

    /// Checks that `bytes` has exactly `count` bytes, naming `field` otherwise.
    static func require(
        _ bytes: [UInt8], count: Int, field: String, command: PN533Command
    ) throws(PN533Error) {
        guard bytes.count == count else {
            throw invalid(
                command, .fieldLength(field: field, expected: count, actual: bytes.count))
        }
    }

    /// `bytes` prefixed with its one-byte length, for the Gt/Tk style fields.
    static func lengthPrefixed(
        _ bytes: [UInt8], field: String, maximum: Int = 0xFF, command: PN533Command
    ) throws(PN533Error) -> [UInt8] {
        guard bytes.count <= maximum else {
            throw invalid(
                command, .fieldTooLong(field: field, maximum: maximum, actual: bytes.count))
        }
        return [UInt8(bytes.count)] + bytes
    }
}
