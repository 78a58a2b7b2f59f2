import PN533
import Testing

/// Which kind of failure a status code must map to.
enum FailureKind: Sendable {
    case rfTimeout, transmission, protocolViolation, brokenLink, rejected, chipFault

    init?(_ error: PN533Error) {
        switch error {
        case .rfTimeout: self = .rfTimeout
        case .transmission: self = .transmission
        case .protocolViolation: self = .protocolViolation
        case .brokenLink: self = .brokenLink
        case .rejected: self = .rejected
        case .chipFault: self = .chipFault
        default: return nil
        }
    }
}

@Suite struct PN533StatusTests {
    /// DESIGN.md §3's codes, the manual's others, and the two RC-S956 ones nfcpy knows.
    static let mapping: [(UInt8, PN533Status, FailureKind)] = [
        (0x01, .timeout, .rfTimeout), (0x02, .crc, .transmission), (0x03, .parity, .transmission),
        (0x04, .bitCount, .transmission), (0x05, .framing, .transmission),
        (0x06, .collision, .transmission), (0x07, .bufferTooSmall, .transmission),
        (0x09, .rfBufferOverflow, .transmission), (0x0A, .rfFieldNotActivated, .brokenLink),
        (0x0B, .rfProtocol, .protocolViolation), (0x0D, .overheated, .chipFault),
        (0x0E, .internalBufferOverflow, .chipFault), (0x10, .invalidParameter, .rejected),
        (0x12, .depUnsupportedCommand, .protocolViolation), (0x13, .rfFormat, .transmission),
        (0x14, .mifareAuthentication, .transmission), (0x18, .nfcSecureUnsupported, .rejected),
        (0x19, .i2cBusy, .rejected), (0x23, .uidCheckByte, .transmission),
        (0x25, .invalidDEPState, .rejected), (0x26, .notAllowed, .rejected),
        (0x27, .notAcceptableInContext, .rejected), (0x29, .releasedByInitiator, .brokenLink),
        (0x2A, .cardIDMismatch, .protocolViolation), (0x2B, .cardGone, .brokenLink),
        (0x2C, .nfcid3Mismatch, .protocolViolation), (0x2D, .overCurrent, .chipFault),
        (0x2E, .nadMissing, .protocolViolation), (0x2F, .deselectedByInitiator, .brokenLink),
        (0x31, .initiatorFieldOff, .brokenLink), (0x3E, .unknown(0x3E), .transmission),
    ]

    @Test(
        "each status code decodes to its name and maps to one kind of failure", arguments: mapping)
    func mapsStatusCodes(code: UInt8, status: PN533Status, kind: FailureKind) {
        #expect(PN533Status(byte: code) == status)
        #expect(status.code == code)
        #expect(FailureKind(PN533Error(status: status, command: .inDataExchange)) == kind)
    }

    @Test("the MI and NAD bits do not change the status code")
    func masksFlags() {
        let byte = PN533StatusByte(0xC1)
        #expect(byte.status == .timeout)
        #expect(byte.moreInformation && byte.nadPresent)
        #expect(PN533StatusByte(0x40).status == .success)
        #expect(PN533Status(byte: 0xFF) == .unknown(0x3F))
    }

    @Test("status codes print as the manual writes them")
    func describesStatus() {
        #expect(PN533Status.cardGone.description == "status 2B")
        #expect(PN533Status.success.isSuccess && !PN533Status.crc.isSuccess)
    }
}
