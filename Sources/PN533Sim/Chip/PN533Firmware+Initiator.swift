/// Initiator mode: the statuses its commands answer with, and picking one of the listed
/// cards (InSelect, InDeselect, InRelease).
extension PN533Firmware {
    /// Status bytes an initiator command answers with.
    enum InitiatorStatus {
        static let ok: UInt8 = 0x00
        static let timeout: UInt8 = 0x01
        static let crc: UInt8 = 0x02
        static let collision: UInt8 = 0x06
        static let rfProtocol: UInt8 = 0x0B
        static let notAcceptable: UInt8 = 0x27
        static let mifareNAK: UInt8 = 0x14
    }

    /// REQA, the 7-bit short frame a type A poll starts with.
    static let reqa: UInt8 = 0x26

    /// The data one InDataExchange answer carries at most; more is delivered with MI set.
    static let exchangeResponseLimit = 262

    /// Selects the listed card again (WUPA, SELECT, RATS) when another one is active.
    func ensureSelected(_ index: Int, reader: RFField.ReaderHandle) async -> Bool {
        let target = initiator.targets[index]
        if initiator.selected == target.tg { return true }
        if let current = initiator.selected, let currentIndex = initiator.index(of: current) {
            await sleepCard(initiator.targets[currentIndex])
        }
        guard await field.reselect(target.handle, by: reader) else { return false }
        initiator.selected = target.tg
        if target.link != nil {
            guard let ats = await requestATS(target.handle, reader: reader) else { return false }
            initiator.targets[index].ats = ats
            initiator.targets[index].link = ISODEPLink(ats: ats)
        }
        return true
    }

    func deselect(_ data: [UInt8], release: Bool) async -> FirmwareOutcome {
        guard data.count == 1 else { return .errorFrame }
        let tg = data[0]
        let chosen = initiator.targets.filter { tg == 0 || $0.tg == tg }
        guard !chosen.isEmpty || tg == 0 else { return .response([InitiatorStatus.notAcceptable]) }
        for target in chosen where initiator.selected == target.tg {
            await sleepCard(target)
            initiator.selected = nil
        }
        if release {
            initiator.targets.removeAll { tg == 0 || $0.tg == tg }
        }
        return .response([InitiatorStatus.ok])
    }

    func select(_ data: [UInt8]) async -> FirmwareOutcome {
        guard data.count == 1 else { return .errorFrame }
        guard let index = initiator.index(of: data[0]), let reader = readerHandle else {
            return .response([InitiatorStatus.notAcceptable])
        }
        return .response([await ensureSelected(index, reader: reader) ? 0x00 : 0x01])
    }
}
