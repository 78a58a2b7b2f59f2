/// Initiator mode: frames to the selected card and their answers (InDataExchange).
extension PN533Firmware {
    /// What the chip does with a card's answer (or its silence), on the chip's executor.
    typealias AirCompletion =
        @Sendable (isolated PN533Firmware, Result<AirFrame, RFField.Silence>) -> Void

    /// Sends a frame through the field, committing a `targetLeavesAfter` fault when due, and
    /// hands the answer to `then`.
    func transmit(
        _ frame: AirFrame, to handle: RFField.TargetHandle, reader: RFField.ReaderHandle,
        waitingTime: Duration, then: @escaping AirCompletion
    ) {
        prepareTransmission(frame, to: handle)
        let completion: RFField.TransmitCompletion = { [self] result in
            assumeIsolated { firmware in
                if case .success(let frame) = result { firmware.record(.fromCard(frame)) }
                then(firmware, result)
            }
        }
        field.assumeIsolated { field in
            field.transmit(
                frame, to: handle, from: reader, waitingTime: waitingTime, completion: completion)
        }
    }

    /// `transmit(_:to:reader:waitingTime:then:)` for an ISO-DEP block: the field tells the
    /// chip with `token` (`transmissionEnded`), with no closure to allocate.
    func transmit(
        _ frame: AirFrame, to handle: RFField.TargetHandle, reader: RFField.ReaderHandle,
        waitingTime: Duration, token: Int
    ) {
        prepareTransmission(frame, to: handle)
        field.assumeIsolated { field in
            field.transmit(
                frame, to: handle, from: reader, waitingTime: waitingTime, listener: self,
                token: token)
        }
    }

    /// Commits a `targetLeavesAfter` fault when `frame` reaches it, and logs the frame.
    private func prepareTransmission(_ frame: AirFrame, to handle: RFField.TargetHandle) {
        if let index = faultIndex(where: {
            if case .targetLeavesAfter = $0 { true } else { false }
        }), case .targetLeavesAfter(let bytes) = faults[index] {
            if bytes < frame.bytes.count {
                faults.remove(at: index)
                record(.faultCommitted("target leaves the field"))
                field.assumeIsolated { $0.leave(handle) }
            } else {
                faults[index] = .targetLeavesAfter(bytes: bytes - frame.bytes.count)
            }
        }
        record(.toCard(frame))
    }

    /// `transmit(_:to:reader:waitingTime:then:)` for a procedure that waits for the answer.
    func transmit(
        _ frame: AirFrame, to handle: RFField.TargetHandle, reader: RFField.ReaderHandle,
        waitingTime: Duration
    ) async throws(RFField.Silence) -> AirFrame {
        let answer = SimulationChannel<Result<AirFrame, RFField.Silence>>(clock: clock)
        transmit(frame, to: handle, reader: reader, waitingTime: waitingTime) {
            answer.send($1)
        }
        // Cancelled while it waits: the command was aborted, and nobody reads the answer.
        guard let result = try? await answer.receive(deadline: nil) else { throw .timeout }
        return try result.get()
    }

    func dataExchange(_ data: [UInt8], generation mine: Int) -> CommandStart {
        guard let tgByte = data.first else { return .now(.errorFrame) }
        let tg = tgByte & 0x3F
        guard let index = initiator.index(of: tg), let reader = readerHandle else {
            return .now(.response([InitiatorStatus.notAcceptable]))
        }
        if tgByte & 0x40 != 0 {
            // The host chains a long command in: keep it until the last part.
            initiator.pendingCommand += data.dropFirst()
            return .now(.response([InitiatorStatus.ok]))
        }
        let command = initiator.pendingCommand + data.dropFirst()
        initiator.pendingCommand = []
        if command.isEmpty, !initiator.pendingResponse.isEmpty {
            return .now(.response(nextResponseChunk()))
        }
        guard initiator.selected == initiator.targets[index].tg else {
            // Another card is active: waking this one takes air time first.
            return .task { firmware in
                guard await firmware.ensureSelected(index, reader: reader) else {
                    return .response([InitiatorStatus.timeout])
                }
                return firmware.exchange(command, with: index, reader: reader, generation: mine)
            }
        }
        return .now(exchange(command, with: index, reader: reader, generation: mine))
    }

    /// Sends `command` to the selected listed card `index`; the answer completes command
    /// `mine`.
    private func exchange(
        _ command: [UInt8], with index: Int, reader: RFField.ReaderHandle, generation mine: Int
    ) -> FirmwareOutcome {
        let target = initiator.targets[index]
        if target.link != nil {
            return exchangeISODEP(command, index: index, reader: reader, generation: mine)
        }
        if command.count == 18, command[0] == Self.mifareWrite {
            // MIFARE WRITE in two steps, as the chip runs it: the command and the block
            // number, ACK, then the 16 bytes, ACK (a MIFARE Ultralight takes it as
            // COMPATIBILITY WRITE).
            transmit(
                .withCRC(Array(command.prefix(2))), to: target.handle, reader: reader,
                waitingTime: rf.retryTimeout
            ) { firmware, result in
                guard firmware.generation == mine else { return }
                guard firmware.isAcknowledgement(result) else {
                    return firmware.complete(
                        firmware.plainExchangeOutcome(result), generation: mine)
                }
                firmware.transmit(
                    .withCRC(Array(command.dropFirst(2))), to: target.handle, reader: reader,
                    waitingTime: firmware.rf.retryTimeout
                ) { firmware, result in
                    guard firmware.generation == mine else { return }
                    firmware.complete(firmware.plainExchangeOutcome(result), generation: mine)
                }
            }
            return .pending
        }
        transmit(
            .withCRC(command), to: target.handle, reader: reader, waitingTime: rf.retryTimeout
        ) { firmware, result in
            guard firmware.generation == mine else { return }
            firmware.complete(firmware.plainExchangeOutcome(result), generation: mine)
        }
        return .pending
    }

    /// MIFARE WRITE's command byte (the 16-byte write).
    static let mifareWrite: UInt8 = 0xA0

    /// Whether a card answered with the 4-bit ACK.
    private func isAcknowledgement(_ result: Result<AirFrame, RFField.Silence>) -> Bool {
        guard case .success(let answer) = result, answer.isShort else { return false }
        return answer.bytes.first.map { $0 & 0x0F == 0x0A } ?? false
    }

    private func plainExchangeOutcome(_ result: Result<AirFrame, RFField.Silence>)
        -> FirmwareOutcome
    {
        guard case .success(let answer) = result else {
            lastError = InitiatorStatus.timeout
            return .response([InitiatorStatus.timeout])
        }
        if answer.isShort {
            return .response([
                answer.bytes[0] & 0x0F == 0x0A ? InitiatorStatus.ok : InitiatorStatus.mifareNAK
            ])
        }
        return crcCheckedOutcome(answer)
    }

    /// A whole-byte answer as InDataExchange and InCommunicateThru report it once the chip
    /// checks CRC_A: status 00 and the payload, or the CRC error status.
    func crcCheckedOutcome(_ answer: AirFrame) -> FirmwareOutcome {
        guard let payload = answer.payloadCheckingCRC else {
            return .response([InitiatorStatus.crc])
        }
        return .response(CollectionOfOne(InitiatorStatus.ok) + payload)
    }

    func nextResponseChunk() -> [UInt8] {
        let pending = initiator.pendingResponse
        let count = min(pending.count, Self.exchangeResponseLimit)
        let more = count < pending.count
        initiator.pendingResponse = more ? pending.dropFirst(count) : []
        return Self.status(more ? 0x40 : InitiatorStatus.ok, then: pending.prefix(count))
    }

    /// A status byte followed by `payload`, in one allocation: a response's data.
    static func status(_ status: UInt8, then payload: ArraySlice<UInt8>) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(payload.count + 1)
        data.append(status)
        data += payload
        return data
    }
}
