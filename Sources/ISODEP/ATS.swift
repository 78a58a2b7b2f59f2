/// ATS, the answer to select (ISO/IEC 14443-4 §5.2).
///
/// ```
///  TL  T0                 TA(1)        TB(1)          TC(1)            T1 … Tk
///      b8 0               bit rates    b8–b5 FWI      b2 CID supported  historical
///      b7–b5 TC TB TA     (b4 RFU)     b4–b1 SFGI     b1 NAD supported  bytes
///      b4–b1 FSCI
/// ```
/// TL counts itself and everything after it (not the CRC). Only TL is mandatory; what is
/// absent takes its default: FSCI 2 (32 bytes), FWI 4, SFGI 0, CID supported, NAD not. The
/// interface bytes are kept as sent, so decoding and encoding give the same bytes back.
public struct ATS: Sendable, Hashable {
    /// FSCI from T0; `nil` when the ATS is TL alone.
    public var fsci: UInt8?
    /// TA(1), the bit rates the card supports, when present.
    public var ta: UInt8?
    /// TB(1), FWI and SFGI, when present.
    public var tb: UInt8?
    /// TC(1), CID and NAD support, when present.
    public var tc: UInt8?
    /// The historical bytes.
    public var historicalBytes: [UInt8]

    /// An ATS from its raw fields.
    public init(fsci: UInt8?, ta: UInt8?, tb: UInt8?, tc: UInt8?, historicalBytes: [UInt8]) {
        self.fsci = fsci
        self.ta = ta
        self.tb = tb
        self.tc = tc
        self.historicalBytes = historicalBytes
    }

    /// An ATS with every interface byte present: TA(1) `80` (106 kbps only, both ways alike),
    /// TB(1) from FWI and SFGI, TC(1) from the CID and NAD flags.
    public init(
        fsci: UInt8 = 8, fwi: UInt8 = 4, sfgi: UInt8 = 0, cidSupported: Bool = false,
        nadSupported: Bool = false, bitRates: UInt8 = 0x80, historicalBytes: [UInt8] = []
    ) {
        self.init(
            fsci: fsci, ta: bitRates, tb: (fwi & 0x0F) << 4 | (sfgi & 0x0F),
            tc: (cidSupported ? 0x02 : 0) | (nadSupported ? 0x01 : 0),
            historicalBytes: historicalBytes)
    }

    /// The FSCI in force (2 when T0 is absent).
    public var effectiveFSCI: UInt8 { fsci ?? 2 }
    /// FSC in bytes: the longest frame, CRC included, the card accepts.
    public var fsc: Int { ISODEPFrameSize.bytes(forIndex: effectiveFSCI) }
    /// FWI as declared (4 when TB(1) is absent).
    public var fwi: UInt8 { tb.map { $0 >> 4 } ?? 4 }
    /// SFGI as declared (0 when TB(1) is absent).
    public var sfgi: UInt8 { tb.map { $0 & 0x0F } ?? 0 }
    /// FWT: how long the card may take to start answering a block.
    public var frameWaitingTime: Duration { ISODEPTiming.frameWaitingTime(fwi: fwi) }
    /// SFGT: how long the reader waits after the ATS before its first block.
    public var startUpFrameGuardTime: Duration { ISODEPTiming.startUpFrameGuardTime(sfgi: sfgi) }
    /// Whether the card accepts a CID (default: yes).
    public var cidSupported: Bool { tc.map { $0 & 0x02 != 0 } ?? true }
    /// Whether the card accepts a NAD (default: no).
    public var nadSupported: Bool { tc.map { $0 & 0x01 != 0 } ?? false }

    /// T0: the presence bits and FSCI; `nil` when the ATS is TL alone.
    public var t0: UInt8? {
        guard let fsci else { return nil }
        let presence = (ta == nil ? 0 : 0x10) | (tb == nil ? 0 : 0x20) | (tc == nil ? 0 : 0x40)
        return UInt8(presence) | (fsci & 0x0F)
    }

    /// The bytes, TL first (no CRC). Interface bytes and historical bytes need T0: without
    /// FSCI they are left out.
    public func encode() -> [UInt8] {
        var body: [UInt8] = []
        if let t0 {
            body = [t0] + [ta, tb, tc].compactMap { $0 } + historicalBytes
        }
        return [UInt8(truncatingIfNeeded: body.count + 1)] + body
    }
}
