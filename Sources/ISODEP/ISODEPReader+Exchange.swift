extension ISODEPReader {
    /// What one frame out brought back.
    enum Reception {
        case block(ISODEPBlock)
        case silence
        /// Damaged on the air, or not a block; the bytes when the link delivered them.
        case damaged([UInt8]?)
    }

    /// Sends `block` (an I-block, or R(ACK) pulling a chained answer) and returns the
    /// card's answer to it: R(ACK) for a chained I-block, otherwise an I-block. Grants S(WTX)
    /// with FWT × WTXM for the next answer, and recovers from silence and damage by the ISO
    /// rules: R(NAK) (rule 4), R(ACK) again while the card chains (rule 5), the I-block
    /// again when the card says it missed it (rule 6). The block number toggles on success.
    func exchange(_ block: ISODEPBlock) async throws(ISODEPError) -> ISODEPBlock {
        guard let current = session else { throw .notActivated }
        let fwt = current.ats.frameWaitingTime
        let tolerance = configuration.frameWaitingTolerance
        let number = current.blockNumber
        let pullingChain = if case .receiveReady = block { true } else { false }
        let chainingOut = if case .information(_, true, _, _, _) = block { true } else { false }
        var outgoing = block
        var waitingTime = fwt + tolerance
        var attempts = 1
        var extensions = 0
        let retransmissions = retransmissions(fwt: fwt)
        while true {
            let reception = try await send(outgoing, timeout: waitingTime, fsd: current.fsd)
            waitingTime = fwt + tolerance
            guard case .block(let answer) = reception else {
                let afterGrant =
                    if case .supervisory(.waitingTimeExtension, _) = outgoing {
                        configuration.deviations.contains(.noRetryAfterWaitingTimeExtension)
                    } else {
                        false
                    }
                guard attempts <= retransmissions, !afterGrant else {
                    if case .damaged(let bytes) = reception {
                        throw .transmissionError(lastSent: block, attempts: attempts, answer: bytes)
                    }
                    throw .timeout(lastSent: block, attempts: attempts)
                }
                attempts += 1
                outgoing = pullingChain ? block : .nak(number, cid: current.cid)
                continue
            }
            try checkAddressing(answer, sent: outgoing, cid: current.cid)
            switch answer {
            case .supervisory(.waitingTimeExtension(let multiplier, let powerLevel), _)
            where pullingChain
                && configuration.deviations.contains(.takesWaitingTimeExtensionInChainForData):
                session?.blockNumber ^= 1
                return .information(
                    blockNumber: number, chaining: true, cid: current.cid,
                    inf: [powerLevel << 6 | multiplier])
            case .supervisory(.waitingTimeExtension(let multiplier, _), _):
                extensions += 1
                guard extensions <= configuration.maximumWaitingTimeExtensions else {
                    throw .tooManyWaitingTimeExtensions(count: extensions)
                }
                outgoing = .wtx(multiplier, cid: current.cid)
                waitingTime =
                    configuration.deviations.contains(.uncappedWaitingTimeExtension)
                    ? fwt * Int(multiplier) + tolerance
                    : ISODEPTiming.extendedWaitingTime(fwt, multiplier: multiplier) + tolerance
            case .receiveReady(.ack, let answerNumber, _)
            where !pullingChain && answerNumber != number:
                guard attempts <= retransmissions else {
                    throw .timeout(lastSent: block, attempts: attempts)
                }
                attempts += 1
                outgoing = block
            case .receiveReady(.ack, _, _) where chainingOut:
                session?.blockNumber ^= 1
                return answer
            case .information(let answerNumber, _, _, _, _) where !chainingOut:
                guard answerNumber == number else {
                    throw .protocolViolation(
                        sent: outgoing, received: answer,
                        reason: .wrongBlockNumber(expected: number))
                }
                session?.blockNumber ^= 1
                return answer
            default:
                throw .protocolViolation(
                    sent: outgoing, received: answer,
                    reason: .unexpectedBlock(
                        expected: chainingOut ? "R(ACK \(number))" : "I(\(number))"))
            }
        }
    }

    /// How often a block is sent again after a lost or damaged answer: as configured, or
    /// with `retriesScaledByWaitingTime` nfcpy's `min(int(1/fwt), 5)`.
    private func retransmissions(fwt: Duration) -> Int {
        guard configuration.deviations.contains(.retriesScaledByWaitingTime) else {
            return configuration.retransmissions
        }
        return min(Int(Duration.seconds(1) / fwt), 5)
    }

    /// A card answers with the CID it was addressed with, or none when none was used, and
    /// never with a NAD the reader did not send.
    private func checkAddressing(
        _ answer: ISODEPBlock, sent: ISODEPBlock, cid: ISODEPCID?
    ) throws(ISODEPError) {
        guard answer.cid?.value == cid?.value else {
            throw .protocolViolation(
                sent: sent, received: answer, reason: .cidMismatch(expected: cid))
        }
        if case .information(_, _, _, .some, _) = answer {
            throw .protocolViolation(sent: sent, received: answer, reason: .unexpectedNAD)
        }
    }

    /// One frame out, its answer in, classified; link failures and oversized frames end the
    /// exchange at once.
    private func send(
        _ block: ISODEPBlock, timeout: Duration, fsd: Int
    ) async throws(ISODEPError) -> Reception {
        let bytes: [UInt8]
        do throws(ISODEPLinkError) {
            bytes = try await link.transceive(block.encode(), timeout: timeout)
        } catch .timeout {
            return .silence
        } catch .failed(let error) {
            throw .link(error)
        } catch {
            return .damaged(nil)
        }
        let limit = ISODEPFrameSize.maximumFrameLength(frameSize: fsd)
        guard bytes.count <= limit else { throw .oversizedFrame(length: bytes.count, limit: limit) }
        do throws(ISODEPBlockError) {
            return .block(try ISODEPBlock(bytes: bytes))
        } catch .waitingTimeExtensionOutOfRange(let multiplier, _) {
            guard configuration.deviations.contains(.grantsAnyWaitingTimeExtension) else {
                throw .waitingTimeExtensionOutOfRange(multiplier: multiplier)
            }
            return .block(.wtx(multiplier, cid: session?.cid))
        } catch {
            return .damaged(bytes)
        }
    }
}
