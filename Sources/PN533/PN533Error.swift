/// Everything a PN533 command can fail with. Chip status bytes are mapped here, once, into
/// the kind of failure (as nfcpy does with its TimeoutError, TransmissionError, ProtocolError
/// and BrokenLinkError), so no layer above switches on status codes.
public enum PN533Error: Error, Sendable, Hashable {
    // MARK: The chip ran the command and reports a failure on the RF side.

    /// Status 01: the remote target or initiator did not answer in time.
    case rfTimeout(command: PN533Command)
    /// The RF frame was damaged: CRC, parity, bit count, collision, framing, format, UID
    /// check byte, MIFARE authentication, buffer sizes; also unknown codes, as nfcpy treats them.
    case transmission(command: PN533Command, status: PN533Status)
    /// The peer broke the RF protocol: protocol error, unsupported DEP command, ID or NFCID3
    /// mismatch, missing NAD.
    case protocolViolation(command: PN533Command, status: PN533Status)
    /// The link is gone: field not activated, released or deselected by the initiator, card gone,
    /// initiator field off.
    case brokenLink(command: PN533Command, status: PN533Status)
    /// The chip refused the command as given: invalid parameter, wrong DEP state, not allowed
    /// or not acceptable now, NFC Secure unsupported, I2C busy.
    case rejected(command: PN533Command, status: PN533Status)
    /// The chip protects itself: overheated, over-current, internal buffer overflow.
    case chipFault(command: PN533Command, status: PN533Status)

    // MARK: The host link failed.

    /// No response within `timeout`; the command was aborted with an ACK.
    case noResponse(command: PN533Command, timeout: Duration)
    /// The transport failed (disconnected, I/O error).
    case transport(TransportError)
    /// Every response frame was corrupt, also after NACKs asked for it again; `error` is the last.
    case corruptResponse(command: PN533Command, error: PN533FrameError, attempts: Int)
    /// The chip answered with its error frame: it found the command frame malformed.
    case errorFrame(command: PN533Command)
    /// The response code is not the command code plus one.
    case unexpectedResponseCode(command: PN533Command, expected: UInt8, received: UInt8)
    /// A frame that has no place in a response: a NACK, or a host→chip frame.
    case unexpectedFrame(command: PN533Command, frame: PN533Frame)
    /// The response data does not fit the command's layout.
    case malformedResponse(command: PN533Command, error: PN533ResponseError)
    /// The request could not be built or is too long for the chip.
    case invalidRequest(command: PN533Command, error: PN533RequestError)
    /// More-information chaining went on past the configured limit of `limit` bytes.
    case chainingOverflow(command: PN533Command, limit: Int)

    /// The failure a non-zero status byte stands for.
    public init(status: PN533Status, command: PN533Command) {
        switch status {
        case .timeout:
            self = .rfTimeout(command: command)
        case .rfProtocol, .depUnsupportedCommand, .cardIDMismatch, .nfcid3Mismatch, .nadMissing:
            self = .protocolViolation(command: command, status: status)
        case .rfFieldNotActivated, .releasedByInitiator, .cardGone, .deselectedByInitiator,
            .initiatorFieldOff:
            self = .brokenLink(command: command, status: status)
        case .invalidParameter, .invalidDEPState, .notAllowed, .notAcceptableInContext,
            .nfcSecureUnsupported, .i2cBusy:
            self = .rejected(command: command, status: status)
        case .overheated, .overCurrent, .internalBufferOverflow:
            self = .chipFault(command: command, status: status)
        case .success, .crc, .parity, .bitCount, .framing, .collision, .bufferTooSmall,
            .rfBufferOverflow, .rfFormat, .mifareAuthentication, .uidCheckByte, .unknown:
            self = .transmission(command: command, status: status)
        }
    }

    /// Throws the mapped failure unless `status` is success.
    static func check(_ status: PN533Status, command: PN533Command) throws(PN533Error) {
        guard status.isSuccess else { throw PN533Error(status: status, command: command) }
    }
}
