/// How patient and how persistent a `PN533Device` is. Every duration is handed to the
/// transport as a receive timeout; the device itself never reads a clock.
public struct PN533DeviceConfiguration: Sendable, Hashable {
    /// How long to wait for the ACK after sending a command (nfcpy and libnfc use 100 ms).
    public var ackTimeout: Duration = .milliseconds(100)
    /// The short wait for a late response after aborting a command.
    public var drainTimeout: Duration = .milliseconds(20)
    /// How many NACKs may ask for a corrupt response again before the command fails.
    public var corruptResponseRetries = 3
    /// The longest LEN (TFI, code, data) the chip accepts: 265 on a PN533 and RC-S360.
    public var maximumFrameLength = 265
    /// The most bytes more-information chaining may gather for one exchange.
    public var maximumChainedLength = 65_536
    /// Response timeouts that replace `defaultResponseTimeout(for:)`.
    public var responseTimeouts: [PN533Command: Duration] = [:]
    /// The chip the caller already knows it has (e.g. from the USB product ID 054c:02e1 of an
    /// RC-S360); `nil` lets `open()` decide from the firmware version.
    public var expectedChip: PN533Chip?

    /// The defaults above.
    public init() {}

    /// The response timeout for `command` when a call gives none.
    public func responseTimeout(for command: PN533Command) -> Duration {
        responseTimeouts[command] ?? Self.defaultResponseTimeout(for: command)
    }

    /// Timeouts after nfcpy's drivers: local commands answer within 100–250 ms; commands that
    /// wait for the RF side get a second or more.
    public static func defaultResponseTimeout(for command: PN533Command) -> Duration {
        switch command {
        case .getFirmwareVersion, .getGeneralStatus, .setParameters, .rfConfiguration,
            .tgGetTargetStatus, .tgSetGeneralBytes, .alparCommandForTDA, .readGPIO, .writeGPIO:
            .milliseconds(100)
        case .readRegister, .writeRegister:
            .milliseconds(250)
        case .inATR:
            .milliseconds(1500)
        case .inJumpForDEP, .inJumpForPSL:
            .seconds(3)
        default:
            .seconds(1)
        }
    }
}
