/// The chip's side of ISO/IEC 14443-4 for InDataExchange with an activated card: I-blocks
/// with block numbers and chaining within FSC, R(ACK) to pull chained answers, S(WTX)
/// answered and honoured, R(NAK) to recover a lost or corrupt answer (twice at most).
///
/// Each block goes out with the answer handled in its completion, so an exchange waiting
/// for the card (and the card's host) is state carried along, not a suspended task.
extension PN533Firmware {
    private static let retransmissions = 2

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

    /// Sends the next chained I-block; the card acknowledges it with R(ACK) of the same
    /// block number, and an R(ACK) with the other number asks for it again (ISO/IEC 14443-4
    /// rule 6), once.
    private func sendChained(_ exchange: ISODEPExchange) {
        guard let chunk = exchange.chained.first else {
            return sendBlock(
                CollectionOfOne(0x02 | exchange.link.blockNumber) + exchange.last, exchange,
                waitingTime: exchange.link.waitingTime)
        }
        let block = CollectionOfOne(0x12 | exchange.link.blockNumber) + chunk
        blockExchange(block, exchange, waitingTime: exchange.link.waitingTime) {
            firmware, exchange, result in
            guard case .success(let answer) = result, let pcb = answer.first, pcb & 0xF6 == 0xA2
            else {
                return firmware.finishExchange(
                    exchange, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
            }
            var next = exchange
            if pcb & 0x01 == exchange.link.blockNumber {
                next.chained.removeFirst()
                next.link.blockNumber ^= 1
                next.repeated = false
            } else if exchange.repeated {
                return firmware.finishExchange(
                    exchange, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
            } else {
                next.repeated = true
            }
            firmware.sendChained(next)
        }
    }

    /// Sends `block` (the last command part, an R(ACK) pulling a chained answer, or an S(WTX)
    /// answer) and handles what comes back until the card's answer is complete.
    private func sendBlock(_ block: [UInt8], _ exchange: ISODEPExchange, waitingTime: Duration) {
        blockExchange(block, exchange, waitingTime: waitingTime) { firmware, exchange, result in
            let answer: ArraySlice<UInt8>
            switch result {
            case .failure(let status): return firmware.finishExchange(exchange, .failure(status))
            case .success(let payload): answer = payload
            }
            guard let pcb = answer.first else {
                return firmware.finishExchange(
                    exchange, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
            }
            var next = exchange
            if pcb & 0xE2 == 0x02 {
                // An I-block: the answer, or one part of a chained answer.
                next.link.blockNumber ^= 1
                if pcb & 0x10 == 0 {
                    // The last part; when it is the only one, handed on without a copy.
                    guard !next.response.isEmpty else {
                        return firmware.finishExchange(next, .success(answer.dropFirst()))
                    }
                    next.response += answer.dropFirst()
                    return firmware.finishExchange(next, .success(next.response[...]))
                }
                next.response += answer.dropFirst()
                firmware.sendBlock(
                    [0xA2 | next.link.blockNumber], next, waitingTime: next.link.waitingTime)
            } else if pcb & 0xF7 == 0xF2, answer.count >= 2 {
                // S(WTX): more time asked; answer with the same multiplier (1–59), the
                // extended wait capped at the FWT of FWI 14.
                let multiplier = Int(answer[answer.startIndex + 1] & 0x3F)
                guard (1...59).contains(multiplier) else {
                    return firmware.finishExchange(
                        next, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
                }
                firmware.record(.rf("WTX x\(multiplier)"))
                firmware.sendBlock(
                    [0xF2, answer[answer.startIndex + 1] & 0x3F], next,
                    waitingTime: min(
                        next.link.waitingTime * multiplier, AirTiming.frameWaitingTime(fwi: 14)))
            } else {
                firmware.finishExchange(next, .failure(ChipStatus(InitiatorStatus.rfProtocol)))
            }
        }
    }

    private typealias BlockCompletion =
        @Sendable (isolated PN533Firmware, ISODEPExchange, Result<ArraySlice<UInt8>, ChipStatus>)
        -> Void

    /// One block out and its answer in, retransmitting (R(NAK)) after silence or a bad CRC;
    /// the failure is the chip status. Nothing is called once the command was aborted.
    private func blockExchange(
        _ block: [UInt8], _ exchange: ISODEPExchange, waitingTime: Duration, attempt: Int = 0,
        frame: [UInt8]? = nil, then: @escaping BlockCompletion
    ) {
        guard generation == exchange.generation else { return }
        transmit(
            .withCRC(frame ?? block), to: exchange.handle, reader: exchange.reader,
            waitingTime: waitingTime + AirTiming.frameWaitingTolerance
        ) { firmware, result in
            guard firmware.generation == exchange.generation else { return }
            // A view of the answer: the exchange copies what it keeps.
            if case .success(let answer) = result, let payload = answer.payloadSliceCheckingCRC,
                !payload.isEmpty
            {
                return then(firmware, exchange, .success(payload))
            }
            guard attempt < Self.retransmissions else {
                return then(firmware, exchange, .failure(ChipStatus(InitiatorStatus.timeout)))
            }
            // Rule 4: R(NAK) with the number of the block that went unanswered; rule 5: while
            // pulling a chained answer, the R(ACK) is sent again instead.
            firmware.blockExchange(
                block, exchange, waitingTime: waitingTime, attempt: attempt + 1,
                frame: block[0] & 0xF6 == 0xA2 ? block : [0xB2 | (block[0] & 0x01)], then: then)
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
