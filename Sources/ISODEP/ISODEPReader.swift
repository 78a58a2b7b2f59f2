import PN533

/// The reader side of ISO/IEC 14443-4 run by the host over a raw frame link (a PN533 in
/// InCommunicateThru): RATS/ATS, I-blocks with block numbers, chaining both ways by FSC and
/// FSD, S(WTX) granted, R(NAK) and retransmission by the ISO rules, S(DESELECT).
///
/// One exchange runs at a time; a call made while another runs fails with `.busy`.
public actor ISODEPReader: APDUTransceiver {
    /// What the reader knows about the active card.
    struct Session {
        var ats: ATS
        var fsd: Int
        var cid: ISODEPCID?
        /// The PCD's current block number (rule A: 0 at activation).
        var blockNumber: UInt8 = 0
    }

    let link: any ISODEPFrameLink
    /// The settings this reader runs with.
    public let configuration: ISODEPReaderConfiguration
    let scheduler: any ISODEPScheduler
    var session: Session?
    private var busy = false

    /// A reader with no card active yet: call `activate` first.
    public init(
        link: some ISODEPFrameLink, configuration: ISODEPReaderConfiguration = .init(),
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler()
    ) {
        self.link = link
        self.configuration = configuration
        self.scheduler = scheduler
    }

    /// A reader for a card something else activated, e.g. a PN533 whose InListPassiveTarget
    /// sent RATS (`PassiveTarget.ats`): `rats` is what was sent, `usingCID` whether blocks
    /// carry its CID (only when the ATS says the card supports one).
    public init(
        link: some ISODEPFrameLink, ats: ATS, rats: RATS = RATS(), usingCID: Bool = false,
        configuration: ISODEPReaderConfiguration = .init(),
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler()
    ) {
        self.link = link
        self.configuration = configuration
        self.scheduler = scheduler
        session = Self.session(ats: ats, rats: rats, usingCID: usingCID)
    }

    /// A reader for a card a PN533 listed and activated itself (SEL_RES 20: the chip sent
    /// RATS `E0 80`, so FSD is 256 and CID 0).
    ///
    /// - Throws: `.notActivated` when the target has no ATS, `.invalidATS` for a bad one.
    public init(
        link: some ISODEPFrameLink, target: PassiveTarget,
        configuration: ISODEPReaderConfiguration = .init(),
        scheduler: any ISODEPScheduler = ContinuousISODEPScheduler()
    ) throws(ISODEPError) {
        guard let bytes = target.ats else { throw .notActivated }
        let ats: ATS
        do throws(ATSError) {
            ats = try ATS(bytes: bytes)
        } catch {
            throw .invalidATS(bytes: bytes, error: error)
        }
        self.init(link: link, ats: ats, configuration: configuration, scheduler: scheduler)
    }

    /// The active card's ATS; `nil` before activation and after DESELECT.
    public var ats: ATS? { session?.ats }

    /// The block number the next I-block will carry; `nil` when no card is active.
    public var blockNumber: UInt8? { session?.blockNumber }

    /// Sends RATS, reads the ATS and waits SFGT: the card is then ready for blocks.
    ///
    /// - Throws: `.noATS` after `activationAttempts` silent or damaged answers,
    ///   `.invalidATS`, `.oversizedFrame` for an ATS longer than FSD allows, `.link`.
    @discardableResult
    public func activate(_ rats: RATS = RATS(), usingCID: Bool = false) async throws(ISODEPError)
        -> ATS
    {
        try claim()
        defer { busy = false }
        session = nil
        let timeout = ISODEPTiming.activationFrameWaitingTime + configuration.frameWaitingTolerance
        for _ in 0..<configuration.activationAttempts {
            guard let bytes = try await frameOrLoss(rats.encode(), timeout: timeout) else {
                continue
            }
            let limit = ISODEPFrameSize.maximumFrameLength(frameSize: rats.fsd)
            guard bytes.count <= limit else {
                throw .oversizedFrame(length: bytes.count, limit: limit)
            }
            let ats: ATS
            do throws(ATSError) {
                ats = try ATS(bytes: bytes)
            } catch {
                throw .invalidATS(bytes: bytes, error: error)
            }
            session = Self.session(ats: ats, rats: rats, usingCID: usingCID)
            let guardTime = ats.startUpFrameGuardTime
            if guardTime > .zero, !configuration.deviations.contains(.ignoresStartUpGuardTime) {
                await scheduler.sleep(for: guardTime)
            }
            return ats
        }
        throw .noATS(attempts: configuration.activationAttempts)
    }

    /// Sends `apdu` as I-blocks (chained when longer than FSC allows) and returns the card's
    /// whole answer (its chained I-blocks pulled with R(ACK)).
    ///
    /// - Throws: `ISODEPError`; after a failure the block numbers are where the ISO rules
    ///   leave them, so a next exchange may still succeed.
    public func transceive(_ apdu: [UInt8]) async throws(ISODEPError) -> [UInt8] {
        try claim()
        defer { busy = false }
        guard let current = session else { throw .notActivated }
        let capacity =
            ISODEPFrameSize.informationCapacity(frameSize: current.ats.fsc, cid: current.cid != nil)
            + (configuration.deviations.contains(.chainsWithoutCRC) ? 2 : 0)
        let parts = stride(from: 0, to: max(apdu.count, 1), by: max(capacity, 1)).map {
            Array(apdu[$0..<min($0 + capacity, apdu.count)])
        }
        var answer: ISODEPBlock = .ack(0)
        for (index, part) in parts.enumerated() {
            let block = ISODEPBlock.information(
                blockNumber: try blockNumberInForce(), chaining: index < parts.count - 1,
                cid: current.cid, inf: part)
            answer = try await exchange(block)
        }
        var response: [UInt8] = []
        while case .information(_, let chaining, _, _, let inf) = answer {
            response += inf
            guard response.count <= configuration.maximumResponseLength else {
                throw .responseTooLong(limit: configuration.maximumResponseLength)
            }
            guard chaining, !configuration.deviations.contains(.ignoresAnswerChaining) else {
                break
            }
            answer = try await exchange(.ack(try blockNumberInForce(), cid: current.cid))
        }
        return response
    }

    /// Sends S(DESELECT) and waits for the card's S(DESELECT); the card is inactive after it
    /// either way.
    ///
    /// - Throws: `.deselectFailed` when no S(DESELECT) came back in `deselectAttempts` tries.
    public func deselect() async throws(ISODEPError) {
        try claim()
        defer { busy = false }
        guard let current = session else { throw .notActivated }
        session = nil
        let request = ISODEPBlock.deselect(cid: current.cid)
        let timeout = ISODEPTiming.deselectFrameWaitingTime + configuration.frameWaitingTolerance
        for _ in 0..<configuration.deselectAttempts {
            guard let bytes = try await frameOrLoss(request.encode(), timeout: timeout) else {
                continue
            }
            // Rule 8: anything but an error-free S(DESELECT) is worth another S(DESELECT).
            if case .supervisory(.deselect, let cid) = try? ISODEPBlock(bytes: bytes),
                cid?.value == current.cid?.value
            {
                return
            }
        }
        throw .deselectFailed(attempts: configuration.deselectAttempts)
    }

    /// The answer to `frame`, or `nil` when it was lost (silent or damaged) and another try
    /// may do better.
    private func frameOrLoss(
        _ frame: [UInt8], timeout: Duration
    ) async throws(ISODEPError) -> [UInt8]? {
        do throws(ISODEPLinkError) {
            return try await link.transceive(frame, timeout: timeout)
        } catch .failed(let error) {
            throw .link(error)
        } catch {
            return nil
        }
    }

    private static func session(ats: ATS, rats: RATS, usingCID: Bool) -> Session {
        Session(
            ats: ats, fsd: rats.fsd,
            cid: usingCID && ats.cidSupported ? ISODEPCID(rats.cid & 0x0F) : nil)
    }

    private func claim() throws(ISODEPError) {
        guard !busy else { throw .busy }
        busy = true
    }

    func blockNumberInForce() throws(ISODEPError) -> UInt8 {
        guard let session else { throw .notActivated }
        return session.blockNumber
    }
}
