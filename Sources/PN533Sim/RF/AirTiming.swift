/// How long frames take on the air and between frames, from ISO/IEC 14443 (DESIGN §4).
///
/// At 106 kbps one elementary time unit (etu) is 128/fc ≈ 9.44 µs; every byte is 9 bits on
/// air (8 data bits and parity) and a frame adds one bit for start and end. A card answers no
/// sooner than 1172/fc after the reader's frame ends; the reader's next frame starts no
/// sooner than 6780/fc after the card's answer ends.
public struct AirTiming: Sendable, Hashable {
    /// The carrier frequency fc, 13.56 MHz.
    public static let carrierHertz = 13_560_000.0

    /// The bit rates type A supports.
    public enum BitRate: Int, Sendable, Hashable, CaseIterable {
        /// 106 kbps: etu = 128/fc.
        case kbps106 = 106
        /// 212 kbps: etu = 64/fc.
        case kbps212 = 212
        /// 424 kbps: etu = 32/fc.
        case kbps424 = 424

        /// Carrier cycles per etu.
        public var cyclesPerETU: Int {
            switch self {
            case .kbps106: 128
            case .kbps212: 64
            case .kbps424: 32
            }
        }
    }

    /// The bit rate frames are timed at.
    public var bitRate: BitRate
    /// Whether frames and the delays between them take time; `false` only for `.zero`.
    public var modelsAirTime: Bool

    /// Creates a timing model.
    public init(bitRate: BitRate = .kbps106) {
        self.bitRate = bitRate
        modelsAirTime = true
    }

    /// Frames and the delays between them take no time (frame waiting times still bound the
    /// waits): with `USBTiming.zero`, what is left of an exchange is the software's own
    /// work, which `nfcrig bench apdu` measures.
    public static let zero: AirTiming = {
        var timing = AirTiming()
        timing.modelsAirTime = false
        return timing
    }()

    /// A duration of `cycles` carrier cycles.
    public static func cycles(_ cycles: Int) -> Duration {
        .nanoseconds(Int64((Double(cycles) * 1e9 / carrierHertz).rounded()))
    }

    /// One etu.
    public var etu: Duration { Self.cycles(bitRate.cyclesPerETU) }

    /// Air time of a frame: 9 bits per whole byte, the bits of a short last byte, plus the
    /// start/end bit.
    public func duration(of frame: AirFrame) -> Duration {
        guard modelsAirTime else { return .zero }
        let bits = 9 * (frame.bytes.count - 1) + (frame.lastByteBits == 8 ? 9 : frame.lastByteBits)
        return Self.cycles(bitRate.cyclesPerETU * (max(bits, 0) + 1))
    }

    /// Air time of a frame of `count` whole bytes.
    public func duration(bytes count: Int) -> Duration {
        guard modelsAirTime else { return .zero }
        return Self.cycles(bitRate.cyclesPerETU * (9 * count + 1))
    }

    /// Reader-to-card frame delay: the card starts answering this long after the reader's
    /// frame ends (1172/fc).
    public static let cardResponseDelay = cycles(1172)

    /// Card-to-reader frame delay before the reader's next frame (6780/fc).
    public static let readerGuardTime = cycles(6780)

    /// The card response delay this model charges: `cardResponseDelay`, or none for `.zero`.
    public var responseDelay: Duration { modelsAirTime ? Self.cardResponseDelay : .zero }

    /// The reader guard time this model charges: `readerGuardTime`, or none for `.zero`.
    public var guardTime: Duration { modelsAirTime ? Self.readerGuardTime : .zero }

    /// The shortest time one APDU exchange of `command` and `response` bytes can take as
    /// I-blocks (PCB and CRC_A add 3 bytes each way), by DESIGN §4's formula.
    public func minimumExchangeDuration(command: Int, response: Int) -> Duration {
        duration(bytes: command + 3) + responseDelay + duration(bytes: response + 3) + guardTime
    }

    /// Frame waiting time for FWI: 256·16/fc · 2^FWI.
    public static func frameWaitingTime(fwi: Int) -> Duration {
        cycles(256 * 16 << min(max(fwi, 0), 14))
    }

    /// The activation frame waiting time (about 5 ms): how long a card may take to answer
    /// RATS.
    public static let activationFrameWaitingTime = cycles(65_536)

    /// ΔFWT (49152/fc, about 3.6 ms): what a reader adds to a frame waiting time before it
    /// calls the card silent (ISO/IEC 14443-4; nfcpy and nfcrig's own ISO-DEP reader do).
    public static let frameWaitingTolerance = cycles(49_152)

    /// Guard time after the field comes on before the first poll.
    public static let pollingGuardTime = Duration.milliseconds(5)
}
