/// The ISO/IEC 14443 type A figures every floor here is built from (DESIGN §4).
///
/// A frame of n whole bytes takes `9n + 1` etu (8 data bits and a parity bit per byte, and
/// the start of communication); a short frame of b bits (ACK, NAK) takes `b + 1` etu. One
/// etu is 128/fc at 106 kbps, halved with each doubling of the bit rate. After a reader's
/// frame ends, the card answers no sooner than 1172/fc (ISO/IEC 14443-3's frame delay time
/// for a last bit 0; 1236/fc for a last bit 1 is longer, so 1172 keeps a floor); after the
/// card's answer the reader sends no sooner than 6780/fc, NFC Forum's shortest wait for a
/// poller (DESIGN §4). ISO/IEC 14443-3 alone lets a reader send after 1172/fc: a reader
/// that does may beat these floors by about 0.4 ms per exchange, so they are NFC Forum
/// pollers' floors.
public enum AirFrames {
    /// The carrier frequency fc in Hz.
    public static let carrierHertz = 13_560_000.0
    /// Carrier cycles from the end of the reader's frame to the card's answer.
    public static let responseDelayCycles = 1172.0
    /// Carrier cycles from the end of the card's answer to the reader's next frame.
    public static let guardTimeCycles = 6780.0
    /// The bit rates type A offers, in kbps.
    public static let bitRatesKbps = [106, 212, 424]

    /// One etu in seconds at `bitRateKbps`: `128/fc · 106/bitRateKbps`.
    public static func etuSeconds(bitRateKbps: Int) -> Double {
        128.0 * 106.0 / Double(bitRateKbps) / carrierHertz
    }

    /// The bits of a standard frame of `bytes` whole bytes, start bit included: `9n + 1`.
    public static func frameBits(bytes: Int) -> Int { 9 * bytes + 1 }

    /// The bits of a short frame of `bits` data bits (a 4-bit ACK): `b + 1`.
    public static func shortFrameBits(_ bits: Int) -> Int { bits + 1 }

    /// The card's response delay in seconds (1172/fc).
    public static var responseDelaySeconds: Double { responseDelayCycles / carrierHertz }

    /// The reader's guard time in seconds (6780/fc).
    public static var guardTimeSeconds: Double { guardTimeCycles / carrierHertz }
}

/// One command and its answer on the air, in frame bits each way.
public struct AirExchange: Sendable, Hashable {
    /// The reader's frame, in bits (``AirFrames/frameBits(bytes:)``).
    public var commandBits: Int
    /// The card's answer, in bits.
    public var answerBits: Int

    /// An exchange of two frames of so many bits.
    public init(commandBits: Int, answerBits: Int) {
        self.commandBits = commandBits
        self.answerBits = answerBits
    }

    /// An exchange of two standard frames of so many whole bytes (CRC_A included).
    public static func frames(command: Int, answer: Int) -> AirExchange {
        AirExchange(
            commandBits: AirFrames.frameBits(bytes: command),
            answerBits: AirFrames.frameBits(bytes: answer))
    }
}

/// Exchanges back to back, the way a procedure runs them: the shortest time from the start
/// of the first command to the end of the last answer,
/// `Σ (command bits + answer bits)·etu + k·1172/fc + (k − 1)·6780/fc` for k exchanges:
/// each answer waits for the response delay, each command after the first for the guard
/// time. The guard time after the last answer is left out: the last answer ends the
/// measurement.
public struct AirSequence: Sendable, Hashable {
    /// The exchanges in order.
    public var exchanges: [AirExchange]

    /// A sequence of exchanges.
    public init(_ exchanges: [AirExchange]) { self.exchanges = exchanges }

    /// The sequence's shortest time in seconds at `bitRateKbps`; 0 for no exchange.
    public func seconds(bitRateKbps: Int) -> Double {
        guard !exchanges.isEmpty else { return 0 }
        let bits = exchanges.reduce(0) { $0 + $1.commandBits + $1.answerBits }
        return Double(bits) * AirFrames.etuSeconds(bitRateKbps: bitRateKbps)
            + Double(exchanges.count) * AirFrames.responseDelaySeconds
            + Double(exchanges.count - 1) * AirFrames.guardTimeSeconds
    }

    /// Two sequences one after the other.
    public static func + (lhs: AirSequence, rhs: AirSequence) -> AirSequence {
        AirSequence(lhs.exchanges + rhs.exchanges)
    }
}
