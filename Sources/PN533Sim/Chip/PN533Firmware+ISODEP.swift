/// The chip's side of ISO/IEC 14443-4 for InDataExchange with an activated card: I-blocks
/// with block numbers and chaining within FSC, R(ACK) to pull chained answers, S(WTX)
/// answered and honoured, R(NAK) to recover a lost or corrupt answer (twice at most).
extension PN533Firmware {
    private static let retransmissions = 2

    func exchangeISODEP(
        _ command: [UInt8], index: Int, reader: RFField.ReaderHandle
    ) async -> Result<[UInt8], ChipStatus> {
        guard var link = initiator.targets[index].link else {
            return .failure(ChipStatus(InitiatorStatus.notAcceptable))
        }
        let handle = initiator.targets[index].handle
        defer { initiator.targets[index].link = link }
        let room = max(link.frameSize - 3, 1)
        var chunks = stride(from: 0, to: max(command.count, 1), by: room).map {
            Array(command[$0..<min($0 + room, command.count)])
        }
        if chunks.isEmpty { chunks = [[]] }
        // Send all but the last chunk as chained I-blocks, each acknowledged with R(ACK).
        for chunk in chunks.dropLast() {
            let block = [0x12 | link.blockNumber] + chunk
            // The card acknowledges a chained block with R(ACK) of the same block number; an
            // R(ACK) with the other number asks for the block again (ISO/IEC 14443-4 rule 6).
            var acknowledged = false
            for _ in 0...1 where !acknowledged {
                guard
                    case .success(let answer) = await blockExchange(
                        block, handle, reader, link.waitingTime),
                    let pcb = answer.first, pcb & 0xF6 == 0xA2
                else { return .failure(ChipStatus(InitiatorStatus.rfProtocol)) }
                acknowledged = pcb & 0x01 == link.blockNumber
            }
            guard acknowledged else { return .failure(ChipStatus(InitiatorStatus.rfProtocol)) }
            link.blockNumber ^= 1
        }
        var block = [0x02 | link.blockNumber] + (chunks.last ?? [])
        var response: [UInt8] = []
        var waitingTime = link.waitingTime
        while true {
            switch await blockExchange(block, handle, reader, waitingTime) {
            case .failure(let status):
                return .failure(status)
            case .success(let answer):
                guard let pcb = answer.first else {
                    return .failure(ChipStatus(InitiatorStatus.rfProtocol))
                }
                waitingTime = link.waitingTime
                if pcb & 0xE2 == 0x02 {
                    // An I-block: the answer, or one part of a chained answer.
                    link.blockNumber ^= 1
                    response += answer.dropFirst()
                    if pcb & 0x10 == 0 { return .success(response) }
                    block = [0xA2 | link.blockNumber]
                } else if pcb & 0xF7 == 0xF2, answer.count >= 2 {
                    // S(WTX): more time asked; answer with the same multiplier (1–59), the
                    // extended wait capped at the FWT of FWI 14.
                    let multiplier = Int(answer[1] & 0x3F)
                    guard (1...59).contains(multiplier) else {
                        return .failure(ChipStatus(InitiatorStatus.rfProtocol))
                    }
                    waitingTime = min(
                        link.waitingTime * multiplier, AirTiming.frameWaitingTime(fwi: 14))
                    block = [0xF2, answer[1] & 0x3F]
                    record(.rf("WTX x\(multiplier)"))
                } else {
                    return .failure(ChipStatus(InitiatorStatus.rfProtocol))
                }
            }
        }
    }

    /// One block out and its answer in, retransmitting (R(NAK)) after silence or a bad CRC.
    private func blockExchange(
        _ block: [UInt8], _ handle: RFField.TargetHandle, _ reader: RFField.ReaderHandle,
        _ waitingTime: Duration
    ) async -> Result<[UInt8], ChipStatus> {
        var frame = block
        for attempt in 0...Self.retransmissions {
            guard !Task.isCancelled else { return .failure(ChipStatus(InitiatorStatus.timeout)) }
            do {
                let answer = try await transmit(
                    .withCRC(frame), to: handle, reader: reader,
                    waitingTime: waitingTime + AirTiming.frameWaitingTolerance)
                if let payload = answer.payloadCheckingCRC, !payload.isEmpty {
                    return .success(payload)
                }
            } catch {
                if attempt == Self.retransmissions {
                    return .failure(ChipStatus(InitiatorStatus.timeout))
                }
            }
            // Rule 4: R(NAK) with the number of the block that went unanswered; rule 5: while
            // pulling a chained answer, the R(ACK) is sent again instead.
            frame = block[0] & 0xF6 == 0xA2 ? block : [0xB2 | (block[0] & 0x01)]
        }
        return .failure(ChipStatus(InitiatorStatus.timeout))
    }
}

/// A chip status byte carried as an error out of an RF procedure.
struct ChipStatus: Error, Sendable, Hashable {
    var code: UInt8
    init(_ code: UInt8) { self.code = code }
}
