/// ISO/IEC 14443-4 waiting and guard times, counted in carrier cycles of fc = 13.56 MHz
/// (DESIGN.md §4).
public enum ISODEPTiming {
    /// The carrier frequency fc in hertz.
    public static let carrierHertz = 13_560_000

    /// The largest FWI a card may declare; 15 is RFU and read as 4.
    public static let maximumFWI: UInt8 = 14

    /// The multipliers S(WTX) may carry; 0 and 60–63 are RFU.
    public static let waitingTimeExtensionRange: ClosedRange<UInt8> = 1...59

    /// `cycles` periods of the carrier, rounded to the nanosecond.
    public static func cycles(_ cycles: Int) -> Duration {
        .nanoseconds(Int64((Double(cycles) * 1e9 / Double(carrierHertz)).rounded()))
    }

    /// FWT = 256·16/fc · 2^FWI; FWI 15 (RFU) is read as 4.
    public static func frameWaitingTime(fwi: UInt8) -> Duration {
        cycles(256 * 16 << Int(fwi > maximumFWI ? 4 : fwi))
    }

    /// The longest FWT there is (FWI 14, about 4.9 s): a waiting time extension is capped to it.
    public static let maximumFrameWaitingTime = frameWaitingTime(fwi: maximumFWI)

    /// SFGT = 256·16/fc · 2^SFGI, the pause a card needs after its ATS; SFGI 0 and 15 (RFU)
    /// ask for none.
    public static func startUpFrameGuardTime(sfgi: UInt8) -> Duration {
        sfgi == 0 || sfgi > maximumFWI ? .zero : cycles(256 * 16 << Int(sfgi))
    }

    /// How long a reader waits for the ATS (FWT during activation, 65536/fc, about 4.8 ms).
    public static let activationFrameWaitingTime = cycles(65_536)

    /// How long a reader waits for the S(DESELECT) answer (NFC Forum FWT_DEACTIVATION,
    /// 71680/fc, about 5.3 ms).
    public static let deselectFrameWaitingTime = cycles(71_680)

    /// ΔFWT: the tolerance a reader adds to FWT (49152/fc, about 3.6 ms), as nfcpy does.
    public static let frameWaitingTolerance = cycles(49_152)

    /// FWT × WTXM, capped at the longest FWT.
    public static func extendedWaitingTime(_ fwt: Duration, multiplier: UInt8) -> Duration {
        min(fwt * Int(multiplier), maximumFrameWaitingTime)
    }
}
