import PN533

/// The registers a host can read and write with ReadRegister / WriteRegister: the CIU
/// (contactless interface unit) at 0x6301–0x633F and a few SFRs. Hosts such as nfcpy and
/// libnfc rewrite framing registers before exchanges, and some of them change what goes on
/// the air: CRC generation and checking, and the bits sent in a short last byte.
public struct CIURegisterFile: Sendable, Hashable {
    /// The framing registers every frame on the air consults, kept apart from the rest:
    /// three dictionary look-ups per frame cost more than the frame's CRC.
    private var txMode: UInt8 = Self.typeA106
    private var rxMode: UInt8 = Self.typeA106
    private var bitFraming: UInt8 = 0x00
    /// The CIU's FIFO, oldest byte first. Hosts read what a poll left there: nfcpy takes a
    /// REQA byte still in the FIFO after an empty type A poll as "no card answered".
    private var fifo: [UInt8] = []
    private var values: [UInt16: UInt8] = [CIURegister.manualRCV: 0x00]

    /// CIU_TxMode and CIU_RxMode for ISO 14443 type A at 106 kbps: CRC on, speed 000,
    /// framing 00.
    public static let typeA106: UInt8 = 0x80
    /// How many bytes the FIFO holds.
    public static let fifoCapacity = 64

    /// Registers at their reset values (CRC on both ways for type A at 106 kbps).
    public init() {}

    /// Whether an address can be read: the CIU, SFRs and XRAM, but not the EEPROM area that
    /// a PN533 on USB does not have (hosts probe 0xA000 and get an error).
    public static func isReadable(_ address: UInt16) -> Bool { !(0xA000...0xAFFF ~= address) }

    /// A register's value without reading it as a host does (CIU_FIFOData shows the oldest
    /// byte and keeps it); unknown registers read as 0.
    public subscript(address: UInt16) -> UInt8 {
        get {
            switch address {
            case CIURegister.txMode: txMode
            case CIURegister.rxMode: rxMode
            case CIURegister.bitFraming: bitFraming
            case CIURegister.fifoData: fifo.first ?? 0
            case CIURegister.fifoLevel: UInt8(fifo.count)
            default: values[address] ?? 0
            }
        }
        set {
            switch address {
            case CIURegister.txMode: txMode = newValue
            case CIURegister.rxMode: rxMode = newValue
            case CIURegister.bitFraming: bitFraming = newValue
            case CIURegister.fifoData:
                if fifo.count < Self.fifoCapacity { fifo.append(newValue) }
            case CIURegister.fifoLevel:
                if newValue & 0x80 != 0 { fifo.removeAll() }
            default: values[address] = newValue
            }
        }
    }

    /// A register as ReadRegister reads it: CIU_FIFOData takes its byte out of the FIFO (an
    /// empty FIFO reads 0), so reading it FIFOLevel times in one command gives every byte.
    public mutating func read(_ address: UInt16) -> UInt8 {
        guard address == CIURegister.fifoData else { return self[address] }
        return fifo.isEmpty ? 0 : fifo.removeFirst()
    }

    /// What the chip does to the CIU before it polls or listens as ISO 14443 type A at
    /// 106 kbps (InListPassiveTarget BrTy 00, TgInitAsTarget): the framing registers get the
    /// mode's values whatever a host wrote there before, CRC on both ways. nfcpy switches
    /// receive CRC off after selecting a Type 2 tag and counts on this to turn it back on.
    public mutating func configureForTypeA106() {
        txMode = Self.typeA106
        rxMode = Self.typeA106
        bitFraming = 0x00
    }

    /// Leaves `bytes` in the FIFO, as the CIU's last frame left them there: a REQA that no
    /// card answered stays in it.
    public mutating func loadFIFO(_ bytes: [UInt8]) {
        fifo = Array(bytes.prefix(Self.fifoCapacity))
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
