/// DESIGN §4's shortest time for one APDU exchange on ISO/IEC 14443 type A air: the command
/// I-block, the card's response delay, the response I-block and the reader's guard time
/// before its next frame,
/// `[9(C+3)+1]·etu + 1172/fc + [9(R+3)+1]·etu + 6780/fc`,
/// where each block adds 3 bytes (PCB and CRC_A) to the APDU and every byte is 9 bits.
///
/// Computed here from the formula alone, not from the simulator's timing model, so that the
/// simulator can be held against it.
public struct APDUAirLimit: Sendable, Hashable {
    /// The carrier frequency fc in Hz.
    public static let carrierHertz = 13_560_000.0
    /// Carrier cycles from the end of the reader's frame to the card's answer.
    public static let responseDelayCycles = 1172.0
    /// Carrier cycles from the end of the card's answer to the reader's next frame.
    public static let guardTimeCycles = 6780.0

    /// Command APDU bytes (C).
    public var commandBytes: Int
    /// Response APDU bytes, status word included (R).
    public var responseBytes: Int
    /// The bit rate in kbps: 106, 212 or 424.
    public var bitrateKbps: Int

    /// The limit for a C-byte command and an R-byte response at `bitrateKbps`.
    public init(commandBytes: Int, responseBytes: Int, bitrateKbps: Int) {
        self.commandBytes = commandBytes
        self.responseBytes = responseBytes
        self.bitrateKbps = bitrateKbps
    }

    /// One etu in seconds: 128/fc at 106 kbps, halved with each doubling of the bit rate.
    public var etuSeconds: Double { 128.0 * 106.0 / Double(bitrateKbps) / Self.carrierHertz }

    /// The exchange without the guard time before the next frame: one lone APDU.
    public var exchangeSecondsWithoutGuardTime: Double {
        Double(9 * (commandBytes + 3) + 1) * etuSeconds + Self.responseDelayCycles
            / Self.carrierHertz + Double(9 * (responseBytes + 3) + 1) * etuSeconds
    }

    /// The whole formula: the period of back-to-back exchanges.
    public var exchangeSeconds: Double {
        exchangeSecondsWithoutGuardTime + Self.guardTimeCycles / Self.carrierHertz
    }

    /// The most exchanges per second the air allows.
    public var exchangesPerSecond: Double { 1 / exchangeSeconds }
}
