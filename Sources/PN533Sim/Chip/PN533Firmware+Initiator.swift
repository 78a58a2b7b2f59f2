import PN533
import PacketTrace

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

    /// InListPassiveTarget. A PN533 handles one target at a time: MaxTg must be 1 (nfcpy's
    /// PN533 driver and libnfc send only 1, Linux accepts only target number 1). What a real
    /// chip answers to MaxTg 2 is not documented in what the open stacks show; the simulated
    /// one gives the error frame it gives any parameter it does not take (docs/simulator.md).
    func listPassiveTargets(_ data: [UInt8]) async -> FirmwareOutcome {
        guard data.count >= 2, data[0] == 1 else { return .errorFrame }
        let limit = Int(data[0])
        let modulation = data[1]
        let wantedUID = Array(data.dropFirst(2))
        leaveTargetMode()
        let reader = await joinedReader()
        if !rf.fieldOn {
            await setField(true)
            try? await clock.sleep(for: AirTiming.pollingGuardTime)
        }
        initiator = InitiatorState()
        var attempts = 0
        while !Task.isCancelled {
            var listed: [InitiatorState.ListedTarget] = []
            if modulation == 0x00 {
                registers.configureForTypeA106()
                listed = await pollTypeA(reader: reader, limit: limit, uid: wantedUID)
                // A REQA nobody answered stays in the FIFO; an answer replaced it and the
                // firmware read it out.
                registers.loadFIFO(listed.isEmpty ? [Self.reqa] : [])
            } else {
                // Only type A cards exist in the simulated field.
                try? await clock.sleep(for: .milliseconds(5))
            }
            if !listed.isEmpty {
                initiator.targets = listed
                initiator.selected = listed.last?.tg
                var response: [UInt8] = [UInt8(listed.count)]
                for target in listed {
                    response += [target.tg] + target.identity.sensRes + [target.identity.selRes]
                    response += [UInt8(target.identity.uid.count)] + target.identity.uid
                    response += target.ats ?? []
                }
                record(.rf("listed \(listed.count) target(s)"))
                return .response(response)
            }
            attempts += 1
            if rf.passiveActivationRetries != 0xFF && attempts > Int(rf.passiveActivationRetries) {
                return .response([0x00])
            }
            // The next REQA goes out after a guard time, as the chip's polling loop does.
            do { try await clock.sleep(for: AirTiming.pollingGuardTime) } catch { break }
        }
        return .silent
    }

    private func pollTypeA(
        reader: RFField.ReaderHandle, limit: Int, uid: [UInt8]
    ) async -> [InitiatorState.ListedTarget] {
        var listed: [InitiatorState.ListedTarget] = []
        while listed.count < limit {
            guard let polled = await field.poll(by: reader, limit: 1).first else { break }
            if !uid.isEmpty && polled.identity.uid != uid {
                await field.halt(polled.handle)
                continue
            }
            if let previous = listed.last {
                // Only one card is active at a time: the previous one is put to sleep.
                await sleepCard(previous)
            }
            var target = InitiatorState.ListedTarget(
                tg: UInt8(listed.count + 1), handle: polled.handle, identity: polled.identity)
            // Without fAutomaticRATS the host activates ISO-DEP itself (nfcpy does).
            if polled.identity.supportsISODEP && parameters & 0x10 != 0 {
                guard let ats = await requestATS(polled.handle, reader: reader) else {
                    await field.halt(polled.handle)
                    continue
                }
                target.ats = ats
                target.link = ISODEPLink(ats: ats)
                try? await clock.sleep(for: target.link?.startUpGuardTime ?? .zero)
            }
            listed.append(target)
        }
        return listed
    }

    /// RATS with FSDI 8 (256 bytes) and CID 0; the ATS, or `nil` when none came within the
    /// activation FWT plus ΔFWT.
    private func requestATS(_ handle: RFField.TargetHandle, reader: RFField.ReaderHandle) async
        -> [UInt8]?
    {
        let answer = try? await transmit(
            .withCRC([0xE0, 0x80]), to: handle, reader: reader,
            waitingTime: AirTiming.activationFrameWaitingTime + AirTiming.frameWaitingTolerance)
        guard let payload = answer?.payloadCheckingCRC, let length = payload.first,
            Int(length) == payload.count
        else { return nil }
        return payload
    }

    /// Diagnose NumTst 06, the card presence test libnfc's presence check uses: R(NAK) to
    /// the selected ISO-DEP card, which answers R(ACK) or its last I-block while it is there
    /// (ISO/IEC 14443-4 rules 11 and 12, so its state does not change); one status byte,
    /// 00 present, 01 (timeout) gone, 02 for a damaged answer. For a card without ISO-DEP no
    /// open stack shows what a PN533 sends: the simulated chip answers from the field,
    /// present while the card is there and still selected, and sends nothing. No target
    /// selected: 27, not acceptable in this context.
    func presenceCheck() async -> FirmwareOutcome {
        guard let reader = readerHandle, let tg = initiator.selected,
            let index = initiator.index(of: tg)
        else { return .response([InitiatorStatus.notAcceptable]) }
        let target = initiator.targets[index]
        guard let link = target.link else {
            let present = await field.isSelected(target.handle, by: reader)
            return .response([present ? InitiatorStatus.ok : InitiatorStatus.timeout])
        }
        do {
            let answer = try await transmit(
                .withCRC([0xB2 | link.blockNumber]), to: target.handle, reader: reader,
                waitingTime: link.waitingTime + AirTiming.frameWaitingTolerance)
            let intact = answer.payloadCheckingCRC != nil
            return .response([intact ? InitiatorStatus.ok : InitiatorStatus.crc])
        } catch {
            return .response([InitiatorStatus.timeout])
        }
    }

    /// S(DESELECT) for an ISO-DEP card, then HLTA.
    private func sleepCard(_ target: InitiatorState.ListedTarget) async {
        if target.link != nil, let reader = readerHandle {
            _ = try? await transmit(
                .withCRC([0xC2]), to: target.handle, reader: reader,
                waitingTime: (target.link?.waitingTime ?? AirTiming.activationFrameWaitingTime)
                    + AirTiming.frameWaitingTolerance)
        }
        await field.halt(target.handle)
    }

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
    private func crcCheckedOutcome(_ answer: AirFrame) -> FirmwareOutcome {
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

    /// Selects the listed card again (WUPA, SELECT, RATS) when another one is active.
    private func ensureSelected(_ index: Int, reader: RFField.ReaderHandle) async -> Bool {
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
