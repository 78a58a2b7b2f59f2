/// FSD and FSC: the largest frame, CRC_A included, a reader (FSD) or card (FSC) accepts
/// (ISO/IEC 14443-4 §5.1 and §5.2.3).
public enum ISODEPFrameSize {
    /// Frame sizes for FSDI/FSCI 0–8.
    public static let table = [16, 24, 32, 40, 48, 64, 96, 128, 256]

    /// The frame size an FSDI or FSCI stands for; indexes 9 and above are RFU and read as 256,
    /// as a card receiving them must.
    public static func bytes(forIndex index: UInt8) -> Int {
        table[min(Int(index), table.count - 1)]
    }

    /// The smallest index whose frame size is at least `bytes` (8 when none is).
    public static func index(atLeast bytes: Int) -> UInt8 {
        UInt8(table.firstIndex { $0 >= bytes } ?? table.count - 1)
    }

    /// The INF bytes one block may carry in a frame of `frameSize`: the PCB, an optional CID and
    /// NAD, and the 2-byte CRC_A take the rest.
    public static func informationCapacity(frameSize: Int, cid: Bool, nad: Bool = false) -> Int {
        max(frameSize - 3 - (cid ? 1 : 0) - (nad ? 1 : 0), 0)
    }

    /// The longest frame without CRC_A (what a chip hands the host) that fits `frameSize`.
    public static func maximumFrameLength(frameSize: Int) -> Int { frameSize - 2 }
}
