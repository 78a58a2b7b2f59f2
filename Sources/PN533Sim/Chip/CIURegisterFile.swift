import PN533

/// The registers a host can read and write with ReadRegister / WriteRegister: the CIU
/// (contactless interface unit) at 0x6301–0x633F and a few SFRs. Hosts such as nfcpy and
/// libnfc rewrite framing registers before exchanges, and some of them change what goes on
/// the air: CRC generation and checking, and the bits sent in a short last byte.
public struct CIURegisterFile: Sendable, Hashable {
    /// The framing registers every frame on the air consults, kept apart from the rest:
    /// three dictionary look-ups per frame cost more than the frame's CRC.
    private var txMode: UInt8 = 0x80
    private var rxMode: UInt8 = 0x80
    private var bitFraming: UInt8 = 0x00
    private var values: [UInt16: UInt8] = [CIURegister.manualRCV: 0x00]

    /// Registers at their reset values (CRC on both ways for type A at 106 kbps).
    public init() {}

    /// Whether an address can be read: the CIU, SFRs and XRAM, but not the EEPROM area that
    /// a PN533 on USB does not have (hosts probe 0xA000 and get an error).
    public static func isReadable(_ address: UInt16) -> Bool { !(0xA000...0xAFFF ~= address) }

    /// A register's value; unknown registers read as 0.
    public subscript(address: UInt16) -> UInt8 {
        get {
            switch address {
            case CIURegister.txMode: txMode
            case CIURegister.rxMode: rxMode
            case CIURegister.bitFraming: bitFraming
            default: values[address] ?? 0
            }
        }
        set {
            switch address {
            case CIURegister.txMode: txMode = newValue
            case CIURegister.rxMode: rxMode = newValue
            case CIURegister.bitFraming: bitFraming = newValue
            default: values[address] = newValue
            }
        }
    }

    /// Whether the chip appends CRC_A to frames it sends in raw modes.
    public var transmitsCRC: Bool { txMode & 0x80 != 0 }
    /// Whether the chip checks and strips CRC_A from frames it receives in raw modes.
    public var checksCRC: Bool { rxMode & 0x80 != 0 }
    /// Bits of the last byte sent in raw modes: 8, or TxLastBits when set.
    public var transmitLastBits: Int {
        let bits = Int(bitFraming & 0x07)
        return bits == 0 ? 8 : bits
    }
}
