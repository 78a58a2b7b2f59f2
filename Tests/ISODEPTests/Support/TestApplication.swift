import ISODEP
import PN533Sim

/// The emulated card's application: echoes a command followed by 90 00; `00 CA hi lo`
/// answers hi·256+lo pattern bytes and 90 00; `00 5E hi lo` first sleeps hi·256+lo ms.
enum TestApplication {
    static func handler(clock: SimulationClock) -> ISODEPCard.Handler {
        { apdu in
            guard apdu.count == 4, apdu[0] == 0x00 else { return apdu + [0x90, 0x00] }
            let value = Int(apdu[2]) << 8 | Int(apdu[3])
            switch apdu[1] {
            case 0xCA:
                return pattern(value) + [0x90, 0x00]
            case 0x5E:
                try? await clock.sleep(until: clock.now.advanced(by: .milliseconds(value)))
                return [0x90, 0x00]
            default:
                return apdu + [0x90, 0x00]
            }
        }
    }

    /// `count` bytes counting up from 0, wrapping.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0) }
    }
}
