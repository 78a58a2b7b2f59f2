import HexText
import PN533
import PacketTrace

extension PN533Firmware {
    /// TgInitAsTarget: enter the field as a type A card with UID 08 + NFCID1t and wait until
    /// a reader selects it and sends its first frame (RATS for an ISO-DEP SEL_RES, READ for
    /// a Type 2 tag); answer the activated mode and that frame. The command's ACK
    /// (`generation`, arrived at `arrival`) waits until the card is in the field.
    func initAsTarget(_ data: [UInt8], generation: Int, arrival: SimulationInstant) async
        -> FirmwareOutcome
    {
        // Mode, SENS_RES(2), NFCID1t(3), SEL_RES, FeliCa(18), NFCID3t(10), Gt, Tk.
        guard data.count >= 35 else { return .errorFrame }
        let uid = [0x08] + Array(data[3..<6])
        // TgInitAsTarget takes SENS_RES least significant byte first (`44 00` for ATQA
        // 0x0044, as nfcpy and libnfc send it); readers report it most significant first.
        let sensRes = [data[2], data[1]]
        guard
            let identity = try? TypeAIdentity(
                uid: uid, sensRes: sensRes, selRes: data[6])
        else { return .errorFrame }
        leaveTargetMode()
        if rf.fieldOn { await setField(false) }
        registers.configureForTypeA106()
        // Aborted meanwhile (the host's ACK, or its next command): this one never listens.
        if Task.isCancelled { return .silent }
        let target = ChipTarget(identity: identity, mode: data[0], chip: self)
        targetMode = target
        if inField {
            let handle = await field.enter(target, identity: identity)
            // While the card entered the field, the next command may have taken over target
            // mode (this card must not stay there as a ghost the chip no longer answers for),
            // or the antenna moved away (`setInField(true)` brings the card back).
            if targetMode === target, inField {
                targetHandle = handle
            } else {
                await field.leave(handle)
                if targetMode !== target { return .silent }
            }
        }
        record(.rf("listening as \(Hex.encode(uid))"))
        acknowledge(generation, arrival: arrival)
        do {
            while true {
                switch try await target.inbox.receive(deadline: nil) {
                case .frame(let payload, let endedAt, let reply):
                    pendingInitiatorFrame = (endedAt, reply)
                    record(.rf("activated by \(Hex.encode(payload))"))
                    return .response(Self.status(0x00, then: payload))
                case .released:
                    // Only sent once activated, and activation returns: not reached.
                    continue
                }
            }
        } catch {
            // Aborted (the host's ACK, or the next command): end this command's own target
            // mode only. A newer TgInitAsTarget may already have put its target in the field,
            // and this clean-up can run after it.
            if targetMode === target { leaveTargetMode() }
            return .silent
        }
    }

    /// TgGetInitiatorCommand: the next reader frame, or 0x29 once the reader let go; when
    /// none is there yet, the reader's frame completes command `mine` as it arrives.
    func getInitiatorCommand(generation mine: Int) -> FirmwareOutcome {
        guard let target = targetMode, targetActivated else { return .response([0x25]) }
        if let event = target.inbox.tryReceive() { return take(event, for: target) }
        awaitingInitiator = mine
        return .pending
    }

    /// What TgGetInitiatorCommand answers for `event`.
    private func take(_ event: ChipTarget.Event, for target: ChipTarget) -> FirmwareOutcome {
        switch event {
        case .frame(let payload, let endedAt, let reply):
            pendingInitiatorFrame = (endedAt, reply)
            return .response(Self.status(0x00, then: payload))
        case .released:
            // The command may have been aborted once the release was queued, and the next
            // TgInitAsTarget be listening already: end only this target's mode.
            if targetMode === target { leaveTargetMode() }
            return .response([0x29])
        }
    }

    /// Hands `event` to the TgGetInitiatorCommand waiting for it, or queues it for the next.
    private func post(_ event: ChipTarget.Event, for target: ChipTarget) {
        guard let waiting = awaitingInitiator, waiting == generation else {
            return target.inbox.send(event)
        }
        awaitingInitiator = nil
        complete(take(event, for: target), generation: waiting)
    }

    /// TgResponseToInitiator: the host's answer to the last reader frame goes on the air, no
    /// sooner than the card response delay after that frame, framed as the CIU registers say;
    /// the command ends when the frame is out.
    func respondToInitiator(_ data: [UInt8], generation mine: Int) -> FirmwareOutcome {
        guard targetMode != nil else { return .response([0x29]) }
        guard let (endedAt, reply) = pendingInitiatorFrame else { return .response([0x25]) }
        pendingInitiatorFrame = nil
        let bytes =
            registers.transmitsCRC && registers.transmitLastBits == 8
            ? CRCA.appending(to: data) : data
        let frame = AirFrame(bytes: bytes, lastByteBits: registers.transmitLastBits)
        let start = max(clock.now, endedAt.advanced(by: field.timing.responseDelay))
        let end = start.advanced(by: field.timing.duration(of: frame))
        if clock.hasCome(start) {
            reply.send(frame, startingAt: start)
            completeResponse(at: end, generation: mine)
        } else {
            later(start) { firmware in
                reply.send(frame, startingAt: start)
                firmware.completeResponse(at: end, generation: mine)
            }
        }
        return .pending
    }

    /// Ends TgResponseToInitiator `mine` once its frame is out at `end`.
    private func completeResponse(at end: SimulationInstant, generation mine: Int) {
        if clock.hasCome(end) {
            complete(.response([0x00]), generation: mine)
        } else {
            later(end) { $0.complete(.response([0x00]), generation: mine) }
        }
    }

    /// TgGetTargetStatus: 01 while activated by a reader, 00 otherwise; bit rates 106 kbps.
    func targetStatus() -> FirmwareOutcome {
        .response([targetMode != nil && targetActivated ? 0x01 : 0x00, 0x00])
    }

    // MARK: - Field callbacks for the chip's card personality

    func targetSelected(_ target: ChipTarget) {
        guard target === targetMode else { return }
        record(.rf("selected by a reader"))
    }

    func targetReceived(
        _ frame: AirFrame, endedAt: SimulationInstant, reply: RFReply, target: ChipTarget
    ) {
        guard target === targetMode else { return }
        // A view of the frame's bytes: TgGetInitiatorCommand copies it into its response.
        let payload: ArraySlice<UInt8>
        if frame.isShort || !registers.checksCRC {
            payload = frame.bytes[...]
        } else if let checked = frame.payloadSliceCheckingCRC {
            payload = checked
        } else {
            // A frame with a bad CRC is dropped by the CIU; the reader times out.
            record(.rf("dropped a reader frame with a bad CRC"))
            return
        }
        targetActivated = true
        post(.frame(payload, endedAt: endedAt, reply: reply), for: target)
    }

    func targetReleased(_ target: ChipTarget) {
        // Before activation the chip just keeps waiting in TgInitAsTarget, as a card does
        // when a reader's field comes and goes. Reported once: leaving the field below can
        // report the release again.
        guard target === targetMode, targetActivated, let handle = targetHandle else { return }
        targetHandle = nil
        record(.rf("released by the reader"))
        post(.released, for: target)
        field.assumeIsolated { $0.leave(handle) }
    }

    /// Ends target mode: the chip stops answering as a card.
    func leaveTargetMode() {
        targetMode = nil
        targetActivated = false
        pendingInitiatorFrame = nil
        if let handle = targetHandle {
            targetHandle = nil
            field.assumeIsolated { $0.leave(handle) }
        }
    }

    /// Moves the chip's antenna into or out of the field, as a person moves a tag: out of
    /// it, the chip's card personality stops answering (an activated one sees the release);
    /// back in, a chip still waiting in TgInitAsTarget can be found again.
    public func setInField(_ present: Bool) async {
        guard present != inField else { return }
        inField = present
        let externalFieldOn = await field.isPowered(byOtherThan: readerHandle)
        let edges = await externalFieldEdges()
        // Moved back meanwhile: that move accounts for where the antenna is.
        guard inField == present else { return }
        divIrq.antennaMoved(inField: present, edges: edges, externalFieldOn: externalFieldOn)
        record(.rf(present ? "moved into the field" : "moved out of the field"))
        if present {
            if let target = targetMode, targetHandle == nil, !targetActivated {
                let handle = await field.enter(target, identity: target.identity)
                // Target mode may have ended, or the antenna moved away, while it entered.
                if targetMode === target, targetHandle == nil, inField {
                    targetHandle = handle
                } else {
                    await field.leave(handle)
                }
            }
        } else if let target = targetMode {
            if targetActivated {
                targetReleased(target)
            } else if let handle = targetHandle {
                targetHandle = nil
                await field.leave(handle)
            }
        }
    }
}
