import ISODEP
import PN533

/// A Type 2 Tag on a PN533 in target mode: arms the chip, answers each reader command from a
/// `Type2TagEmulation` with raw frames (TgGetInitiatorCommand / TgResponseToInitiator, no
/// ISO-DEP), and arms again after HLTA or a release once the reader's field is off (a card
/// in HALT keeps silent till then), and after field loss or silence.
///
/// A READ's 16 bytes go out as a normal frame with CRC_A. An ACK or NAK is a 4-bit frame
/// without CRC: for it the emulator sets CIU_BitFraming's TxLastBits to 4 and clears
/// CIU_TxMode's TxCRCEn, then puts back the values it read before listening.
public actor Type2TagEmulator {
    /// The chip, opened.
    public nonisolated let device: PN533Device
    /// How the tag presents itself.
    public nonisolated let configuration: Type2TagEmulatorConfiguration
    /// Activations, commands, answers and releases, timestamped.
    public nonisolated let log: TagEventLog
    /// The tag's state: its memory and the writes so far.
    public private(set) var tag: Type2TagEmulation
    /// How many times a reader activated the tag.
    public private(set) var activations = 0
    /// The time the halted tag waits in between field checks.
    private let scheduler: any ISODEPScheduler

    /// An emulator of `tag` on `device`; `scheduler` times its waits (the rig's clock).
    public init(
        device: PN533Device, tag: Type2TagEmulation,
        configuration: Type2TagEmulatorConfiguration = .init(), log: TagEventLog,
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler()
    ) {
        self.device = device
        self.tag = tag
        self.configuration = configuration
        self.log = log
        self.scheduler = scheduler
    }

    /// The chip's executor: the emulator's many calls into the device then need no hop.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { device.unownedExecutor }

    /// Replaces the tag's memory and write record, between test cases; a reader in the field
    /// sees the new content from its next command on.
    public func load(_ tag: Type2TagEmulation) {
        self.tag = tag
    }

    /// Serves readers until the calling task is cancelled.
    ///
    /// - Throws: the chip error when the host link to it fails (`.transport`).
    public func run() async throws(PN533Error) {
        while !Task.isCancelled {
            do {
                // Read before listening: once activated, the reader waits for the first
                // answer, and a register round trip then would come out of its timeout.
                let saved = try await device.readRegisters([
                    CIURegister.txMode, CIURegister.bitFraming,
                ])
                let activation = try await device.initAsTarget(
                    configuration.target, timeout: configuration.listenTimeout,
                    listening: { [log] in log.record(.listening) })
                activations += 1
                log.record(.activated(firstCommand: activation.initiatorCommand))
                switch try await serve(firstCommand: activation.initiatorCommand, saved: saved) {
                case .halted: try await halt()
                case .idle: log.record(.fellBackToIdle)
                }
            } catch {
                switch error {
                case .brokenLink: try await halt()
                case .noResponse(.tgGetInitiatorCommand, let timeout): log.record(.idle(timeout))
                default: if try TagEmulatorLoop.shouldStop(after: error, log: log) { return }
                }
            }
        }
    }

    /// How a session with a reader ended, when the reader did not let go.
    private enum SessionEnd {
        /// HLTA: the tag is in HALT.
        case halted
        /// A NAK or a frame the tag takes for an error: it falls back to IDLE, as an NTAG
        /// does after every NAK ("performs an internal reset", MIFARE Ultralight C data
        /// sheet), and answers the next REQA.
        case idle
    }

    /// Answers commands until HLTA or an error; the reader letting go or going silent
    /// throws. `saved` holds the framing registers to put back after each 4-bit answer.
    private func serve(firstCommand: [UInt8], saved: [UInt8]) async throws(PN533Error)
        -> SessionEnd
    {
        var command = firstCommand
        while true {
            log.record(.received(command))
            let answer = tag.respond(to: command)
            switch answer {
            case .data(let bytes):
                log.record(.sent(bytes))
                try await device.respondToInitiator(bytes)
            case .acknowledgement, .negativeAcknowledgement:
                let nibble = answer.nibble ?? 0
                log.record(.sentNibble(nibble))
                try await sendNibble(nibble, restoring: saved)
                if case .negativeAcknowledgement = answer { return .idle }
            case .silence:
                return .halted
            case .unanswered:
                return .idle
            }
            command = try await device.getInitiatorCommand(timeout: configuration.idleTimeout)
        }
    }

    /// After HLTA or a release: in HALT until the field goes off, or armed again at once.
    private func halt() async throws(PN533Error) {
        guard configuration.haltUntilFieldOff else { return log.record(.released) }
        try await TagEmulatorLoop.waitForFieldOff(
            device: device, log: log, scheduler: scheduler,
            interval: configuration.fieldCheckInterval)
    }

    /// A 4-bit frame without CRC, then the framing registers as they were.
    private func sendNibble(_ nibble: UInt8, restoring saved: [UInt8]) async throws(PN533Error) {
        try await device.writeRegisters([
            (CIURegister.txMode, saved[0] & 0x7F), (CIURegister.bitFraming, 0x04),
        ])
        do {
            try await device.respondToInitiator([nibble])
        } catch {
            try? await restore(saved)
            throw error
        }
        try await restore(saved)
    }

    private func restore(_ saved: [UInt8]) async throws(PN533Error) {
        try await device.writeRegisters([
            (CIURegister.txMode, saved[0]), (CIURegister.bitFraming, saved[1]),
        ])
    }
}
