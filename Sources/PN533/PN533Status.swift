import HexText

/// The error code in the low 6 bits of a response's status byte (DESIGN.md §3; PN533 user
/// manual UM0801 §7.1, with two codes only the Sony RC-S956 firmware reports). Codes the
/// manual does not list are kept as `.unknown`.
public enum PN533Status: Sendable, Hashable, CustomStringConvertible {
    /// 00: no error.
    case success
    /// 01: the target did not answer in time.
    case timeout
    /// 02: CRC error on the RF side.
    case crc
    /// 03: parity error on the RF side.
    case parity
    /// 04: wrong bit count during anticollision.
    case bitCount
    /// 05: framing error during a MIFARE operation.
    case framing
    /// 06: abnormal bit collision during 106 kbps anticollision.
    case collision
    /// 07: the communication buffer is too small.
    case bufferTooSmall
    /// 09: the CIU's RF buffer overflowed.
    case rfBufferOverflow
    /// 0A: an active-mode peer did not switch its field on in time.
    case rfFieldNotActivated
    /// 0B: RF protocol error.
    case rfProtocol
    /// 0D: overheated; the antenna drivers are off.
    case overheated
    /// 0E: the internal buffer overflowed.
    case internalBufferOverflow
    /// 10: invalid command parameter.
    case invalidParameter
    /// 12: the DEP initiator sent a command the target does not support.
    case depUnsupportedCommand
    /// 13: format error in a received RF frame.
    case rfFormat
    /// 14: MIFARE authentication failed.
    case mifareAuthentication
    /// 18: the peer does not support NFC Secure.
    case nfcSecureUnsupported
    /// 19: the I2C bus is busy with a TDA transaction.
    case i2cBusy
    /// 23: the ISO/IEC 14443-3 UID check byte (BCC) is wrong.
    case uidCheckByte
    /// 25: the command is invalid in the current DEP state.
    case invalidDEPState
    /// 26: the operation is not allowed in this configuration.
    case notAllowed
    /// 27: the command is not acceptable in the current context.
    case notAcceptableInContext
    /// 29: the initiator released this chip while it operated as target.
    case releasedByInitiator
    /// 2A: ISO/IEC 14443-3B: the card's ID does not match.
    case cardIDMismatch
    /// 2B: ISO/IEC 14443-3B: the card activated before has gone.
    case cardGone
    /// 2C: NFCID3i and NFCID3t differ in 212/424 kbps passive DEP.
    case nfcid3Mismatch
    /// 2D: over-current detected.
    case overCurrent
    /// 2E: NAD missing in a DEP frame.
    case nadMissing
    /// 2F (RC-S956): the initiator had already deselected this target.
    case deselectedByInitiator
    /// 31 (RC-S956): the initiator switched its RF field off while this chip was target.
    case initiatorFieldOff
    /// A code the manual does not name, kept as received (low 6 bits).
    case unknown(UInt8)

    private static let known: [(UInt8, PN533Status)] = [
        (0x00, .success), (0x01, .timeout), (0x02, .crc), (0x03, .parity), (0x04, .bitCount),
        (0x05, .framing), (0x06, .collision), (0x07, .bufferTooSmall),
        (0x09, .rfBufferOverflow), (0x0A, .rfFieldNotActivated), (0x0B, .rfProtocol),
        (0x0D, .overheated), (0x0E, .internalBufferOverflow), (0x10, .invalidParameter),
        (0x12, .depUnsupportedCommand), (0x13, .rfFormat), (0x14, .mifareAuthentication),
        (0x18, .nfcSecureUnsupported), (0x19, .i2cBusy), (0x23, .uidCheckByte),
        (0x25, .invalidDEPState), (0x26, .notAllowed), (0x27, .notAcceptableInContext),
        (0x29, .releasedByInitiator), (0x2A, .cardIDMismatch), (0x2B, .cardGone),
        (0x2C, .nfcid3Mismatch), (0x2D, .overCurrent), (0x2E, .nadMissing),
        (0x2F, .deselectedByInitiator), (0x31, .initiatorFieldOff),
    ]

    /// The status in the low 6 bits of `byte` (the MI and NAD flags above them are ignored).
    public init(byte: UInt8) {
        let code = byte & 0x3F
        self = Self.known.first { $0.0 == code }?.1 ?? .unknown(code)
    }

    /// The 6-bit code.
    public var code: UInt8 {
        if case .unknown(let code) = self { return code }
        return Self.known.first { $0.1 == self }?.0 ?? 0
    }

    /// `true` for 00.
    public var isSuccess: Bool { self == .success }

    /// `status XX`, the code as the manual writes it.
    public var description: String { "status \(Hex.digits(code, uppercase: true))" }
}
