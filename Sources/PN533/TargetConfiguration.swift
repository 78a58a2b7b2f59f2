/// What TgInitAsTarget makes the chip answer with while it waits for an initiator.
public struct TargetConfiguration: Sendable, Hashable {
    /// Which activations the chip accepts.
    public struct Mode: OptionSet, Sendable, Hashable {
        /// The mode byte.
        public var rawValue: UInt8
        /// Creates a mode from the raw byte.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// PassiveOnly: refuse active-mode initiators.
        public static let passiveOnly = Mode(rawValue: 0x01)
        /// DEPOnly: accept only an ATR_REQ (NFC-DEP).
        public static let depOnly = Mode(rawValue: 0x02)
        /// PICCOnly: only as an ISO/IEC 14443-4 PICC (PN532 firmware).
        public static let piccOnly = Mode(rawValue: 0x04)
    }

    /// The activation mode flags.
    public var mode: Mode
    /// SENS_RES (ATQA), 2 bytes as on the wire (e.g. `04 00`).
    public var sensRes: [UInt8]
    /// The last 3 bytes of the 4-byte NFCID1; the chip fixes the first to 08.
    public var nfcid1t: [UInt8]
    /// SEL_RES (SAK): 20 for ISO/IEC 14443-4, 00 for a Type 2 tag, 40 for NFC-DEP.
    public var selRes: UInt8
    /// FeliCa parameters: NFCID2t (8), PAD (8), system code (2).
    public var felicaParameters: [UInt8]
    /// NFCID3t for ATR_RES, 10 bytes.
    public var nfcid3t: [UInt8]
    /// General bytes for ATR_RES (Gt), at most 47.
    public var generalBytes: [UInt8]
    /// Historical bytes for an automatic ATS (Tk, PN532 PICC mode), at most 48.
    public var historicalBytes: [UInt8]

    /// A configuration; the FeliCa and DEP fields default to zeros.
    public init(
        mode: Mode = [], sensRes: [UInt8], nfcid1t: [UInt8], selRes: UInt8,
        felicaParameters: [UInt8] = Array(repeating: 0, count: 18),
        nfcid3t: [UInt8] = Array(repeating: 0, count: 10),
        generalBytes: [UInt8] = [], historicalBytes: [UInt8] = []
    ) {
        self.mode = mode
        self.sensRes = sensRes
        self.nfcid1t = nfcid1t
        self.selRes = selRes
        self.felicaParameters = felicaParameters
        self.nfcid3t = nfcid3t
        self.generalBytes = generalBytes
        self.historicalBytes = historicalBytes
    }
}
