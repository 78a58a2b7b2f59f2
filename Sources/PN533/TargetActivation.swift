/// How an initiator activated the chip, and the first command it sent: the TgInitAsTarget
/// response.
public struct TargetActivation: Sendable, Hashable {
    /// The activation mode byte.
    public struct Mode: RawRepresentable, Sendable, Hashable {
        /// The mode byte as received.
        public var rawValue: UInt8
        /// Wraps a mode byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The framing the initiator used (bits 0–1).
        public enum Framing: UInt8, Sendable, Hashable {
            /// ISO/IEC 14443-A, MIFARE, passive 106 kbps.
            case typeA = 0
            /// Active communication mode.
            case active = 1
            /// FeliCa, passive 212/424 kbps.
            case felica = 2
            /// Not defined by the manual.
            case reserved = 3
        }

        /// The framing (bits 0–1).
        public var framing: Framing { Framing(rawValue: rawValue & 0x03) ?? .reserved }
        /// Activated for NFC-DEP (bit 2).
        public var isDEP: Bool { rawValue & 0x04 != 0 }
        /// Activated as an ISO/IEC 14443-4 PICC (bit 3, PN532 firmware).
        public var isISODEP: Bool { rawValue & 0x08 != 0 }
        /// The bit rate in kbps (bits 4–6: 106, 212, 424), or `nil` for other codes.
        public var kbps: Int? {
            switch (rawValue >> 4) & 0x07 {
            case 0: 106
            case 1: 212
            case 2: 424
            default: nil
            }
        }
    }

    /// How the chip was activated.
    public var mode: Mode
    /// The initiator's first command, e.g. RATS `E0 80` or a Type 2 READ `30 00` (in DEP mode
    /// with its length byte first, as the chip passes it on).
    public var initiatorCommand: [UInt8]

    /// An activation from its parts.
    public init(mode: Mode, initiatorCommand: [UInt8]) {
        self.mode = mode
        self.initiatorCommand = initiatorCommand
    }

    /// Parses the response data: the mode byte, then the initiator command (no status byte).
    public init(response data: [UInt8]) throws(PN533Error) {
        var reader = PN533ResponseReader(data, command: .tgInitAsTarget)
        mode = Mode(rawValue: try reader.readByte("Mode"))
        initiatorCommand = reader.readRest()
    }
}
