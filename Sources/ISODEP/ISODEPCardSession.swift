import PN533

/// One session of an `ISODEPCard`: the PICC's block number and whatever is half done (a
/// chained command coming in, a chained answer going out, the last block for a resend).
struct ISODEPCardSession {
    /// How the session loop stops.
    enum Exit: Error {
        case ended(ISODEPCardSessionEnd)
        case failed(ISODEPCardError)
    }

    let card: ISODEPCard
    let handler: ISODEPCard.Handler
    let immediate: ISODEPCard.ImmediateHandler?
    var rats = RATS()
    /// The PICC's current block number (rule C: 1 at activation).
    var blockNumber: UInt8 = 1
    /// Parts of a chained command so far.
    var command: [UInt8] = []
    /// The answer going out, in parts of `answerPartSize` bytes chained by FSD.
    var outgoing: [UInt8] = []
    var answerPartSize = 1
    /// Where the next part of `outgoing` starts; `nil` once the last part went.
    var answerNext: Int?
    /// The last block sent, for rule 11.
    var lastSent: ISODEPBlock?
    /// The CID to answer with: the one the last block came with.
    var replyCID: ISODEPCID?
    /// When the host got the last block, in scheduler time.
    var receivedAt: Duration = .zero
    /// Whole APDUs received so far: what `ISODEPCardMisbehaviour` counts by.
    var apduCount = 0
    /// Whether the card breaks any rule on purpose, decided once: a card that keeps them
    /// all answers without looking further.
    let misbehaves: Bool
    /// I-blocks with the chaining bit sent so far: what `leavesFieldAfterChainingBlocks`
    /// counts.
    var chainingBlocksSent = 0
    /// Answers sent chained so far: what `leavesFieldInChainedAnswer` counts.
    var chainedAnswersSent = 0
    /// The reader's R(ACK)s for parts of chained answers so far: what
    /// `silentOnceOnAcknowledgement` counts.
    var acknowledgementsReceived = 0
    /// Whether the card left the field (`leavesFieldAfterChainingBlocks`): it answers nothing
    /// more.
    var leftField = false

    init(
        card: ISODEPCard, immediate: ISODEPCard.ImmediateHandler?,
        handler: @escaping ISODEPCard.Handler
    ) {
        self.card = card
        self.immediate = immediate
        self.handler = handler
        misbehaves = card.configuration.misbehaviour != .none
    }

    nonisolated(nonsending) mutating func run(_ activation: TargetActivation) async throws(Exit)
        -> Never
    {
        do throws(RATSError) {
            rats = try RATS(bytes: activation.initiatorCommand)
        } catch {
            throw .failed(.notRATS(command: activation.initiatorCommand, error: error))
        }
        card.emit(.frames, .received(.rats(rats)))
        card.emit(.frames, .sent(.ats(card.configuration.ats)))
        try await respond(card.configuration.ats.encode())
        while true {
            let block = try await nextBlock()
            guard !leftField else {
                ignore(block, "the card left the field")
                continue
            }
            try await handle(block)
        }
    }

    private nonisolated(nonsending) mutating func handle(_ block: ISODEPBlock) async throws(Exit) {
        switch block {
        case .information(_, let chaining, _, _, let inf):
            // Rule D; a new command also drops what is left of an unfinished chained answer.
            blockNumber ^= 1
            answerNext = nil
            command += inf
            let limit = card.configuration.maximumCommandLength
            guard command.count <= limit else { throw .failed(.commandTooLong(limit: limit)) }
            if chaining {
                try await send(.ack(blockNumber, cid: replyCID))
                return
            }
            let apdu = command
            command = []
            apduCount += 1
            try await answer(apdu)
        case .receiveReady(_, let number, _) where number == blockNumber:
            // Rule 11: the reader missed the last block.
            guard let lastSent else { return ignore(block, "nothing sent to repeat") }
            try await send(lastSent)
        case .receiveReady(.nak, _, _):
            // Rule 12: the reader's block never arrived; R(ACK) makes it send it again.
            try await send(.ack(blockNumber, cid: replyCID))
        case .receiveReady(.ack, _, _):
            guard answerNext != nil else { return ignore(block, "no chained answer going out") }
            blockNumber ^= 1
            acknowledgementsReceived += 1
            if misbehaves,
                let multiplier = card.configuration.misbehaviour.wtxOnAcknowledgement[
                    acknowledgementsReceived]
            {
                try await extendWaitingTime(multiplier)
            }
            if misbehaves,
                card.configuration.misbehaviour.silentOnceOnAcknowledgement
                    == acknowledgementsReceived
            {
                // Kept as the block to repeat: the reader's R(ACK) again (rule 11) gets it.
                lastSent = nextAnswerPart()
                card.emit(
                    .misbehaviour,
                    .misbehaved(
                        "left the answer part R(ACK) \(acknowledgementsReceived) asked for "
                            + "unanswered once"))
                return
            }
            try await sendNextAnswerPart()
        case .supervisory(.deselect, _):
            try await answerDeselect(block)
        case .supervisory(.waitingTimeExtension, _):
            ignore(block, "no S(WTX) request outstanding")
        }
    }

    /// S(DESELECT) as the misbehaviour says: answered (at once or late), or ignored.
    private nonisolated(nonsending) mutating func answerDeselect(_ block: ISODEPBlock)
        async throws(Exit)
    {
        switch card.configuration.misbehaviour.deselect {
        case .answer: break
        case .ignore: return ignore(block, "set to ignore S(DESELECT)")
        case .delay(let delay): await card.scheduler.sleep(for: delay)
        }
        try await send(.deselect(cid: replyCID))
        throw .ended(.deselected)
    }

    /// Runs the handler, asking for more time while it works as the policy says, then sends
    /// the first (or only) I-block of its answer. Inlined, as the other steps every APDU
    /// takes (`nextBlock`, `sendNextAnswerPart`, `send`): each call level set up an
    /// asynchronous frame per APDU.
    @inline(__always)
    private nonisolated(nonsending) mutating func answer(_ apdu: [UInt8]) async throws(Exit) {
        card.emit(.handler, .handlerStarted(command: apdu))
        let response: [UInt8]
        if let answer = immediateAnswer(apdu) {
            response = answer
        } else {
            let handler = handler
            response = try await collect(card.scheduler.start { await handler(apdu) })
        }
        card.emit(.handler, .handlerFinished(response: response))
        let capacity = max(
            min(
                ISODEPFrameSize.informationCapacity(frameSize: rats.fsd, cid: replyCID != nil),
                card.configuration.misbehaviour.answerPartLimit ?? .max), 1)
        // Kept whole and cut as it goes: an answer that fits one block (the usual case) is
        // sent as it is, without copying.
        outgoing = response
        answerPartSize = capacity
        answerNext = 0
        guard misbehaves else { return try await sendNextAnswerPart() }
        let misbehaviour = card.configuration.misbehaviour
        for multiplier in misbehaviour.wtxRequests(before: apduCount) {
            try await extendWaitingTime(multiplier)
        }
        if misbehaviour.silentOnce.contains(apduCount) {
            // Kept as the block to repeat: the reader's R(NAK) (rule 11) gets it.
            lastSent = nextAnswerPart()
            card.emit(
                .ignored, .ignored(bytes: [], reason: "APDU \(apduCount) left unanswered once"))
            return
        }
        if misbehaviour.wrongCRCOnce.contains(apduCount), let block = nextAnswerPart() {
            // Kept as the block to repeat: the reader's R(NAK) (rule 11) gets it intact.
            card.emit(.of(.block(block)), .sent(.block(block)))
            card.emit(.misbehaviour, .misbehaved("APDU \(apduCount) answered with a wrong CRC"))
            lastSent = block
            return try await respondWithWrongCRC(block.encode())
        }
        if misbehaviour.answerAfterWaitingTime.contains(apduCount) {
            // Half a waiting time past its end, counted from the command's arrival.
            let late = receivedAt + card.configuration.ats.frameWaitingTime * 3 / 2
            await card.scheduler.sleep(for: late - card.scheduler.now)
        }
        try await sendNextAnswerPart()
    }

    /// The immediate handler's answer, unless the policy wants a WTX before every answer.
    private func immediateAnswer(_ apdu: [UInt8]) -> [UInt8]? {
        guard let immediate else { return nil }
        if case .always = card.configuration.wtxPolicy { return nil }
        return immediate(apdu)
    }

    private nonisolated(nonsending) mutating func collect(_ pending: any ISODEPPendingResult)
        async throws(Exit) -> [UInt8]
    {
        var fraction = ISODEPWTXPolicy.defaultFraction
        let multiplier: UInt8
        var extendNow = false
        switch card.configuration.wtxPolicy {
        case .never:
            return await pending.value(before: nil) ?? []
        case .always(let requested):
            multiplier = requested
            extendNow = true
        case .whenSlow(let requestedFraction, let requested):
            fraction = requestedFraction
            multiplier = requested
        }
        let fwt = card.configuration.ats.frameWaitingTime
        var window = fwt
        while true {
            if !extendNow, let value = await pending.value(before: receivedAt + window * fraction) {
                return value
            }
            extendNow = false
            try await extendWaitingTime(multiplier)
            window = ISODEPTiming.extendedWaitingTime(fwt, multiplier: multiplier)
        }
    }

    /// Sends S(WTX) and waits for the reader to grant it.
    private nonisolated(nonsending) mutating func extendWaitingTime(_ multiplier: UInt8)
        async throws(Exit)
    {
        let request = ISODEPBlock.wtx(multiplier, cid: replyCID)
        try await send(request)
        while true {
            let block = try await nextBlock()
            switch block {
            case .supervisory(.waitingTimeExtension, _):
                return
            case .receiveReady(_, let number, _) where number == blockNumber:
                try await send(request)
            case .supervisory(.deselect, _):
                try await send(.deselect(cid: replyCID))
                throw .ended(.deselected)
            default:
                ignore(block, "the S(WTX) answer was due")
            }
        }
    }

    @inline(__always)
    private nonisolated(nonsending) mutating func sendNextAnswerPart() async throws(Exit) {
        let first = answerNext == 0
        guard let block = nextAnswerPart() else { return }
        try await send(block)
        guard misbehaves, answerNext != nil else { return }
        let misbehaviour = card.configuration.misbehaviour
        chainingBlocksSent += 1
        if first { chainedAnswersSent += 1 }
        if let limit = misbehaviour.leavesFieldAfterChainingBlocks, chainingBlocksSent >= limit {
            leftField = true
            card.emit(
                .misbehaviour,
                .misbehaved("left the field after \(chainingBlocksSent) chained answer parts"))
        }
        if let answer = misbehaviour.leavesFieldInChainedAnswer, first,
            chainedAnswersSent >= answer
        {
            leftField = true
            card.emit(
                .misbehaviour,
                .misbehaved(
                    "left the field after the first part of chained answer \(chainedAnswersSent)"))
        }
    }

    /// The next I-block of the answer going out, taken from it; nil once all went.
    @inline(__always)
    private mutating func nextAnswerPart() -> ISODEPBlock? {
        guard let start = answerNext else { return nil }
        let end = min(start + answerPartSize, outgoing.count)
        let part = start == 0 && end == outgoing.count ? outgoing : Array(outgoing[start..<end])
        answerNext = end < outgoing.count ? end : nil
        return .information(
            blockNumber: blockNumber, chaining: answerNext != nil, cid: replyCID, inf: part)
    }

    /// The next block addressed to this card; anything else is ignored (rule 10).
    @inline(__always)
    private nonisolated(nonsending) mutating func nextBlock() async throws(Exit) -> ISODEPBlock {
        while true {
            let bytes = try await receive()
            receivedAt = card.scheduler.now
            let block: ISODEPBlock
            do throws(ISODEPBlockError) {
                block = try ISODEPBlock(bytes: bytes)
            } catch {
                card.emit(.ignored, .ignored(bytes: bytes, reason: "\(error)"))
                continue
            }
            if let problem = addressingProblem(block.cid) {
                card.emit(.ignored, .ignored(bytes: bytes, reason: problem))
                continue
            }
            card.emit(.of(.block(block)), .received(.block(block)))
            replyCID = block.cid.map { ISODEPCID($0.value) }
            return block
        }
    }

    /// A card without CID support ignores blocks with one; a card with it answers its own
    /// CID, and blocks without one only as CID 0.
    private func addressingProblem(_ cid: ISODEPCID?) -> String? {
        guard card.configuration.ats.cidSupported else {
            return cid == nil ? nil : "\(cid!) sent to a card without CID support"
        }
        let mine = rats.cid & 0x0F
        guard (cid?.value ?? 0) == mine else {
            return "\(cid.map(\.description) ?? "no CID") is not this card's CID \(mine)"
        }
        return nil
    }

    private func ignore(_ block: ISODEPBlock, _ reason: String) {
        card.emit(.ignored, .ignored(bytes: block.encode(), reason: reason))
    }

    @inline(__always)
    private nonisolated(nonsending) mutating func send(_ block: ISODEPBlock) async throws(Exit) {
        card.emit(.of(.block(block)), .sent(.block(block)))
        lastSent = block
        try await respond(block.encode())
    }

    private nonisolated(nonsending) func respond(_ bytes: [UInt8]) async throws(Exit) {
        do throws(PN533Error) {
            try await card.device.respondToInitiator(bytes)
        } catch {
            throw Self.exit(for: error)
        }
    }

    private nonisolated(nonsending) func receive() async throws(Exit) -> [UInt8] {
        do throws(PN533Error) {
            return try await card.device.getInitiatorCommand(
                timeout: card.configuration.idleTimeout)
        } catch .noResponse {
            throw .ended(.idle(card.configuration.idleTimeout))
        } catch {
            throw Self.exit(for: error)
        }
    }

    private nonisolated(nonsending) func respondWithWrongCRC(_ bytes: [UInt8]) async throws(Exit) {
        do throws(PN533Error) {
            try await card.respondWithWrongCRC(bytes)
        } catch {
            throw Self.exit(for: error)
        }
    }

    /// The reader letting go ends the session; any other chip failure fails it.
    private static func exit(for error: PN533Error) -> Exit {
        if case .brokenLink = error { return .ended(.released(error)) }
        return .failed(.link(error))
    }
}
