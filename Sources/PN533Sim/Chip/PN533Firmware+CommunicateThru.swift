import PacketTrace

/// Initiator mode: raw frames on the air as the CIU registers frame them (InCommunicateThru).
extension PN533Firmware {
    /// InCommunicateThru: the frame goes on the air as the CIU registers frame it. REQA,
    /// WUPA, ANTICOLLISION and SELECT reach every card in the field (`RFField.broadcast`);
    /// any other frame goes to the card this chip selected, by InListPassiveTarget or by
    /// such raw frames. Without one, nothing answers before the timeout.
    func communicateThru(_ data: [UInt8], generation mine: Int) -> CommandStart {
        let bytes = registers.transmitsCRC ? CRCA.appending(to: data) : data
        let frame = AirFrame(bytes: bytes, lastByteBits: registers.transmitLastBits)
        guard let reader = readerHandle else {
            return .task { firmware in await firmware.unanswered() }
        }
        if RFField.isBroadcast(frame) {
            return .task { firmware in await firmware.broadcast(frame, from: reader) }
        }
        guard let tg = initiator.selected, let index = initiator.index(of: tg) else {
            return .task { firmware in
                guard let handle = await firmware.field.selectedCard(by: reader) else {
                    return await firmware.unanswered()
                }
                let answer: Result<AirFrame, RFField.Silence>
                do throws(RFField.Silence) {
                    answer = .success(
                        try await firmware.transmit(
                            frame, to: handle, reader: reader,
                            waitingTime: firmware.rf.retryTimeout))
                } catch {
                    answer = .failure(error)
                }
                return firmware.communicateThruOutcome(answer)
            }
        }
        transmit(
            frame, to: initiator.targets[index].handle, reader: reader,
            waitingTime: rf.retryTimeout
        ) { firmware, result in
            firmware.complete(firmware.communicateThruOutcome(result), generation: mine)
        }
        return .now(.pending)
    }

    /// A frame every card hears, and what came back: status 06 when cards answered with
    /// different bits (where they differ is not modelled).
    private func broadcast(_ frame: AirFrame, from reader: RFField.ReaderHandle) async
        -> FirmwareOutcome
    {
        record(.toCard(frame))
        switch await field.broadcast(frame, from: reader) {
        case .silence:
            return await unanswered()
        case .frame(let answer):
            record(.fromCard(answer))
            return communicateThruOutcome(.success(answer))
        case .collision:
            return .response([InitiatorStatus.collision])
        }
    }

    /// Status 01 once the retry timeout passed without an answer.
    private func unanswered() async -> FirmwareOutcome {
        try? await clock.sleep(for: rf.retryTimeout)
        return .response([InitiatorStatus.timeout])
    }

    private func communicateThruOutcome(_ result: Result<AirFrame, RFField.Silence>)
        -> FirmwareOutcome
    {
        guard case .success(let answer) = result else {
            return .response([InitiatorStatus.timeout])
        }
        if !registers.checksCRC { return .response([InitiatorStatus.ok] + answer.bytes) }
        // A 4-bit ACK or NAK has no CRC to check: with RxCRCEn on the chip reports a CRC
        // error, which is why nfcpy turns receive CRC off before a Type 2 WRITE.
        if answer.isShort { return .response([InitiatorStatus.crc]) }
        return crcCheckedOutcome(answer)
    }
}
