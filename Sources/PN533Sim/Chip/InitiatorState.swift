/// What an initiator-mode chip remembers about the targets it listed.
struct InitiatorState: Sendable {
    struct ListedTarget: Sendable {
        var tg: UInt8
        var handle: RFField.TargetHandle
        var identity: TypeAIdentity
        var ats: [UInt8]?
        var link: ISODEPLink?
    }

    var targets: [ListedTarget] = []
    /// The Tg of the card currently selected on the air.
    var selected: UInt8?
    /// Response data the host has not collected yet (MI set on the previous answer).
    var pendingResponse: ArraySlice<UInt8> = []
    /// Command data the host is still chaining in (MI set in the Tg byte).
    var pendingCommand: [UInt8] = []

    func index(of tg: UInt8) -> Int? { targets.firstIndex { $0.tg == tg } }
}

/// The chip's own ISO/IEC 14443-4 state for a card activated with RATS: a PN533 in initiator
/// mode wraps InDataExchange data in I-blocks and handles R and S blocks itself.
struct ISODEPLink: Sendable {
    /// The block number of the next I-block.
    var blockNumber: UInt8 = 0
    /// FSC: the largest frame the card accepts, CRC included.
    var frameSize: Int
    /// FWT from the ATS.
    var waitingTime: Duration
    /// SFGT from the ATS: the guard the reader keeps after the ATS before its first block.
    var startUpGuardTime: Duration = .zero

    static let frameSizes = [16, 24, 32, 40, 48, 64, 96, 128, 256]

    /// Reads FSCI and FWI from an ATS (`TL T0 [TA] [TB] [TC] historical...`).
    init(ats: [UInt8]) {
        var fsci = 2
        var fwi = 4
        if ats.count >= 2 {
            let t0 = ats[1]
            fsci = Int(t0 & 0x0F)
            var index = 2
            if t0 & 0x10 != 0 { index += 1 }
            if t0 & 0x20 != 0, index < ats.count {
                fwi = Int(ats[index] >> 4)
                let sfgi = Int(ats[index] & 0x0F)
                if sfgi > 0 && sfgi < 15 {
                    startUpGuardTime = AirTiming.frameWaitingTime(fwi: sfgi)
                }
            }
        }
        frameSize = Self.frameSizes[min(fsci, 8)]
        waitingTime = AirTiming.frameWaitingTime(fwi: fwi == 15 ? 4 : fwi)
    }
}
