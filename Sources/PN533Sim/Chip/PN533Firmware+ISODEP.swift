/// The chip's side of ISO/IEC 14443-4 for InDataExchange with an activated card: I-blocks
/// with block numbers and chaining within FSC, R(ACK) to pull chained answers, S(WTX)
/// answered and honoured, R(NAK) to recover a lost or corrupt answer (as often as
/// RFConfiguration's MaxRtyCOM allows: not at all after power-up).
///
/// The exchange and its block on the air are stored state (`isoDEP`), not a suspended task
/// or a completion closure: the field tells the chip how each block ended, by token, and the
/// step the block was sent for handles the answer.
extension PN533Firmware {
    /// One InDataExchange with an ISO-DEP card, from the first block to the last answer.
    struct ISODEPExchange: Sendable {
        var index: Int
        var handle: RFField.TargetHandle
        var reader: RFField.ReaderHandle
        var link: ISODEPLink
        /// The command parts still to go out as chained I-blocks (all but the last).
        var chained: ArraySlice<[UInt8]>
        var last: [UInt8]
        /// Whether the current chained block was already sent again once.
        var repeated = false
        var response: [UInt8] = []
        /// The command this exchange answers.
        var generation: Int
    }

    /// An exchange's block on the air, until the field says how it ended.
    struct ISODEPInFlight: Sendable {
        /// What the block's answer is for.
        enum Step: Sendable {
            /// A chained command part, acknowledged with R(ACK).
            case chainedPart
            /// The last command part, an R(ACK) pulling a chained answer, or an S(WTX) answer.
            case answer
        }

        var exchange: ISODEPExchange
        var token: Int
        var block: [UInt8]
        var waitingTime: Duration
        var step: Step
        /// Retransmissions so far.
        var attempt: Int
    }

    /// Starts sending `command` to listed card `index`; its answer completes command `mine`.
    func exchangeISODEP(
        _ command: [UInt8], index: Int, reader: RFField.ReaderHandle, generation mine: Int
    ) -> FirmwareOutcome {
        guard let link = initiator.targets[index].link else {
            return .response([InitiatorStatus.notAcceptable])
        }
        let room = max(link.frameSize - 3, 1)
        let chained: ArraySlice<[UInt8]>
        let last: [UInt8]
        if command.count <= room {
            // One block (nearly every APDU): the command as it is, no parts to cut.
            (chained, last) = ([], command)
        } else {
            let chunks = stride(from: 0, to: command.count, by: room).map {
                Array(command[$0..<min($0 + room, command.count)])
            }
            (chained, last) = (chunks.dropLast(), chunks[chunks.count - 1])
        }
        let exchange = ISODEPExchange(
            index: index, handle: initiator.targets[index].handle, reader: reader, link: link,
            chained: chained, last: last, generation: mine)
        sendChained(exchange)
        return .pending
    }

    /// Sends the next chained I-block, or the last (or only) part once none is left.
    private func sendChained(_ exchange: ISODEPExchange) {
        guard let chunk = exchange.chained.first else {
            return sendBlock(
                CollectionOfOne(0x02 | exchange.link.blockNumber) + exchange.last, exchange,
                waitingTime: exchange.link.waitingTime, for: .answer)
        }
        sendBlock(
            CollectionOfOne(0x12 | exchange.link.blockNumber) + chunk, exchange,
            waitingTime: exchange.link.waitingTime, for: .chainedPart)
    }

    /// The card acknowledges a chained I-block with R(ACK) of the same block number; an
    /// R(ACK) with the other number asks for it again (ISO/IEC 14443-4 rule 6), once.
    private func chainedPartAnswered(
        _ exchange: ISODEPExchange, _ result: Result<ArraySlice<UInt8>, ChipStatus>
    ) {
        guard case .success(let answer) = result, let pcb = answer.first, pcb & 0xF6 == 0xA2
        else {
            return finishExchange(exchange, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
        }
        var next = exchange
        if pcb & 0x01 == exchange.link.blockNumber {
            next.chained.removeFirst()
            next.link.blockNumber ^= 1
            next.repeated = false
        } else if exchange.repeated {
            return finishExchange(exchange, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
        } else {
            next.repeated = true
        }
        sendChained(next)
    }

    /// Handles what comes back for the last command part, an R(ACK) pulling a chained
    /// answer or an S(WTX) answer, until the card's answer is complete.
    private func answerBlockAnswered(
        _ exchange: ISODEPExchange, _ result: Result<ArraySlice<UInt8>, ChipStatus>
    ) {
        let answer: ArraySlice<UInt8>
        switch result {
        case .failure(let status): return finishExchange(exchange, .failure(status))
        case .success(let payload): answer = payload
        }
        guard let pcb = answer.first else {
            return finishExchange(exchange, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
        }
        var next = exchange
        if pcb & 0xE2 == 0x02 {
            // An I-block: the answer, or one part of a chained answer.
            next.link.blockNumber ^= 1
            if pcb & 0x10 == 0 {
                // The last part; when it is the only one, handed on without a copy.
                guard !next.response.isEmpty else {
                    return finishExchange(next, .success(answer.dropFirst()))
                }
                next.response += answer.dropFirst()
                return finishExchange(next, .success(next.response[...]))
            }
            next.response += answer.dropFirst()
            sendBlock(
                [0xA2 | next.link.blockNumber], next, waitingTime: next.link.waitingTime,
                for: .answer)
        } else if pcb & 0xF7 == 0xF2, answer.count >= 2 {
            // S(WTX): more time asked; answer with the same multiplier (1–59), the
            // extended wait capped at the FWT of FWI 14.
            let multiplier = Int(answer[answer.startIndex + 1] & 0x3F)
            guard (1...59).contains(multiplier) else {
                return finishExchange(next, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
            }
            record(.rf("WTX x\(multiplier)"))
            sendBlock(
                [0xF2, answer[answer.startIndex + 1] & 0x3F], next,
                waitingTime: min(
                    next.link.waitingTime * multiplier, AirTiming.frameWaitingTime(fwi: 14)),
                for: .answer)
        } else {
            finishExchange(next, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
        }
    }

    /// Sends `block` (as `frame`, when a retransmission sends another) for `step` and keeps
    /// the exchange until the field says how it ended. Nothing is sent once the command was
    /// aborted.
    private func sendBlock(
        _ block: [UInt8], _ exchange: ISODEPExchange, waitingTime: Duration,
        for step: ISODEPInFlight.Step, attempt: Int = 0, frame: [UInt8]? = nil
    ) {
        guard generation == exchange.generation else { return }
        let token = nextBlockToken
        nextBlockToken &+= 1
        isoDEP = ISODEPInFlight(
            exchange: exchange, token: token, block: block, waitingTime: waitingTime,
            step: step, attempt: attempt)
        transmit(
            .withCRC(frame ?? block), to: exchange.handle, reader: exchange.reader,
            waitingTime: waitingTime + AirTiming.frameWaitingTolerance, token: token)
    }

    /// How block `token` ended: its answer goes to the step it was sent for; silence or a bad
    /// CRC is recovered with R(NAK) as often as MaxRtyCOM allows, then fails the exchange with
    /// the chip status.
    func blockEnded(_ token: Int, _ result: Result<AirFrame, RFField.Silence>) {
        if case .success(let frame) = result { record(.fromCard(frame)) }
        guard let inFlight = isoDEP, inFlight.token == token else { return }
        isoDEP = nil
        let exchange = inFlight.exchange
        guard generation == exchange.generation else { return }
        // A view of the answer: the exchange copies what it keeps.
        if case .success(let answer) = result, let payload = answer.payloadSliceCheckingCRC,
            !payload.isEmpty
        {
            return blockAnswered(inFlight.step, exchange, .success(payload))
        }
        guard rf.mayRetry(after: inFlight.attempt) else {
            return blockAnswered(
                inFlight.step, exchange, .failure(ChipStatus(InitiatorStatus.timeout)))
        }
        // Rule 4: R(NAK) with the PCD's current block number (rules A and B: it toggles only
        // on an I-block or R(ACK) received, never on an S-block, so the number of an
        // unanswered S(WTX) grant, whose PCB always reads 0, is not it); rule 5: while pulling
        // a chained answer, the R(ACK) is sent again instead.
        let block = inFlight.block
        sendBlock(
            block, exchange, waitingTime: inFlight.waitingTime, for: inFlight.step,
            attempt: inFlight.attempt + 1,
            frame: block[0] & 0xF6 == 0xA2 ? block : [0xB2 | exchange.link.blockNumber])
    }

    private func blockAnswered(
        _ step: ISODEPInFlight.Step, _ exchange: ISODEPExchange,
        _ result: Result<ArraySlice<UInt8>, ChipStatus>
    ) {
        switch step {
        case .chainedPart: chainedPartAnswered(exchange, result)
        case .answer: answerBlockAnswered(exchange, result)
        }
    }

    /// Keeps the link's block number and answers the host: the response (in chunks the host
    /// collects with MI) or the chip status.
    private func finishExchange(
        _ exchange: ISODEPExchange, _ result: Result<ArraySlice<UInt8>, ChipStatus>
    ) {
        guard generation == exchange.generation else { return }
        if initiator.targets.indices.contains(exchange.index),
            initiator.targets[exchange.index].handle == exchange.handle
        {
            initiator.targets[exchange.index].link = exchange.link
        }
        switch result {
        case .success(let response):
            initiator.pendingResponse = response
            complete(.response(nextResponseChunk()), generation: exchange.generation)
        case .failure(let status):
            lastError = status.code
            complete(.response([status.code]), generation: exchange.generation)
        }
    }
}

/// A chip status byte carried as an error out of an RF procedure.
struct ChipStatus: Error, Sendable, Hashable {
    var code: UInt8
    init(_ code: UInt8) { self.code = code }
}

extension PN533Firmware: RFTransmissionListener {
    nonisolated func transmissionEnded(_ token: Int, _ result: Result<AirFrame, RFField.Silence>) {
        assumeIsolated { $0.blockEnded(token, result) }
    }
}
