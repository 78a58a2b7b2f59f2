/// Initiator mode: finding cards (InListPassiveTarget) and checking they are still there.
extension PN533Firmware {
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
    func requestATS(_ handle: RFField.TargetHandle, reader: RFField.ReaderHandle) async
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
    func sleepCard(_ target: InitiatorState.ListedTarget) async {
        if target.link != nil, let reader = readerHandle {
            _ = try? await transmit(
                .withCRC([0xC2]), to: target.handle, reader: reader,
                waitingTime: (target.link?.waitingTime ?? AirTiming.activationFrameWaitingTime)
                    + AirTiming.frameWaitingTolerance)
        }
        await field.halt(target.handle)
    }
}
