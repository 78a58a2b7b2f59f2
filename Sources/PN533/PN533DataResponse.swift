/// A status byte followed by data: InDataExchange, InCommunicateThru, TgGetData and
/// TgGetInitiatorCommand.
public struct PN533DataResponse: Sendable, Hashable {
    /// The status byte (always success once parsed; its MI and NAD flags still matter).
    public var status: PN533StatusByte
    /// The bytes after the status byte.
    public var data: [UInt8]

    /// More data waits at the chip (MI, bit 6 of the status byte).
    public var moreInformation: Bool { status.moreInformation }

    /// Parses `data` of a `command` response.
    ///
    /// - Throws: the mapped chip failure when the status is not success, or
    ///   `.malformedResponse` when the status byte is missing.
    public init(response data: consuming [UInt8], command: PN533Command) throws(PN533Error) {
        guard let first = data.first else {
            throw .malformedResponse(
                command: command, error: .truncated(field: "status", offset: 0, needed: 1))
        }
        status = PN533StatusByte(first)
        try PN533Error.check(status.status, command: command)
        // In place: the response is usually the caller's only copy, so no new array.
        data.removeFirst()
        self.data = data
    }
}
