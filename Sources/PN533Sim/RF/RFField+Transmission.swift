import PacketTrace

/// A reader's frame to the card it selected, and the card's answer: air time, the frame
/// waiting time, late answers.
extension RFField {
    /// What a transmission comes to, delivered on the field's executor.
    public typealias TransmitCompletion = @Sendable (Result<AirFrame, Silence>) -> Void

    /// Sends `frame` from `reader` to the card it selected and calls `completion` with the
    /// answer: the reader's frame takes its air time (after the guard time since the last
    /// answer it heard), the card has `waitingTime` from the end of it to start answering,
    /// and the answer takes its own air time. No task waits meanwhile: each step is a timer.
    public func transmit(
        _ frame: AirFrame, to handle: TargetHandle, from reader: ReaderHandle,
        waitingTime: Duration, completion: @escaping TransmitCompletion
    ) {
        send(frame, to: handle, from: reader, waitingTime: waitingTime, .closure(completion))
    }

    /// `transmit(_:to:from:waitingTime:completion:)` telling `listener` the outcome, with
    /// `token`: no closure to allocate, for the frames every APDU sends.
    func transmit(
        _ frame: AirFrame, to handle: TargetHandle, from reader: ReaderHandle,
        waitingTime: Duration, listener: any RFTransmissionListener, token: Int
    ) {
        send(
            frame, to: handle, from: reader, waitingTime: waitingTime,
            .listener(listener, token: token))
    }

    private func send(
        _ frame: AirFrame, to handle: TargetHandle, from reader: ReaderHandle,
        waitingTime: Duration, _ outcome: TransmissionOutcome
    ) {
        guard fieldsOn.contains(reader.id) else { return outcome.tell(.failure(.fieldOff)) }
        var begin = clock.now
        if let last = lastAnswerEnd[reader.id] {
            begin = max(begin, last.advanced(by: timing.guardTime))
        }
        let ended = begin.advanced(by: timing.duration(of: frame))
        recordFrame(.pcdToPICC, frame, at: begin)
        let transmission = Transmission(
            target: handle.id, reader: reader.id, deadline: ended.advanced(by: waitingTime),
            outcome: outcome)
        // Due now (air that takes no time): in place, without a closure to allocate.
        guard !clock.hasCome(ended) else { return deliver(frame, transmission, endedAt: ended) }
        clock.schedule(at: ended) { [self] in await deliver(frame, transmission, endedAt: ended) }
    }

    /// `transmit(_:to:from:waitingTime:completion:)` for a caller that waits for the answer.
    public func transmit(
        _ frame: AirFrame, to handle: TargetHandle, from reader: ReaderHandle,
        waitingTime: Duration
    ) async throws(Silence) -> AirFrame {
        let answer = SimulationChannel<Result<AirFrame, Silence>>(clock: clock)
        transmit(frame, to: handle, from: reader, waitingTime: waitingTime) { answer.send($0) }
        // A cancelled wait heard nothing.
        guard let result = try? await answer.receive(deadline: nil) else { throw .timeout }
        return try result.get()
    }

    /// Who is told how a transmission ended.
    enum TransmissionOutcome {
        case closure(TransmitCompletion)
        case listener(any RFTransmissionListener, token: Int)

        func tell(_ result: Result<AirFrame, Silence>) {
            switch self {
            case .closure(let completion): completion(result)
            case .listener(let listener, let token): listener.transmissionEnded(token, result)
            }
        }
    }

    /// A reader frame on its way to a card, until it is answered or its waiting time is over.
    struct Transmission {
        var target: Int
        var reader: Int
        var deadline: SimulationInstant
        var outcome: TransmissionOutcome
        var answered = false
    }

    private func deliver(
        _ frame: AirFrame, _ transmission: Transmission, endedAt ended: SimulationInstant
    ) {
        let id = nextTransmission
        nextTransmission += 1
        transmissions[id] = transmission
        if let entry = entries[transmission.target],
            entry.state.isSelected(by: transmission.reader)
        {
            advanceState(of: transmission.target, entry, hearing: frame)
            entry.target.receive(
                frame, endedAt: ended, reply: RFReply(field: self, id: id), in: self)
        }
        guard transmissions.contains(id) else { return }
        setWaitingTimeTimer()
    }

    /// The layer a selected card is in after it heard `frame`: RATS takes an ISO-DEP card
    /// into the ISO/IEC 14443-4 protocol state, S(DESELECT) and HLTA send it to HALT (the
    /// card still hears the frame, and answers S(DESELECT); the field only stops it
    /// answering REQA).
    private func advanceState(of id: Int, _ entry: Entry, hearing frame: AirFrame) {
        guard frame.lastByteBits == 8, frame.bytes.count >= 3 else { return }
        let first = frame.bytes[frame.bytes.startIndex]
        switch entry.state {
        case .active(let reader, _):
            if first == 0xE0, frame.bytes.count == 4, entry.identity.supportsISODEP {
                entries[id]?.state = .protocolActive(reader: reader)
            } else if first == 0x50, frame.bytes.count == 4 {
                // HLTA as a frame (InCommunicateThru): the card hears it as one (a PN533
                // target passes it to its host); the field stops it answering REQA.
                entries[id]?.state = .halted
            }
        case .protocolActive:
            // S(DESELECT): PCB C2, or CA with a CID byte.
            if first & 0xF7 == 0xC2, frame.bytes.count == (first == 0xCA ? 4 : 3) {
                entries[id]?.state = .halted
            }
        case .idle, .halted, .ready:
            break
        }
    }

    /// A target's answer to transmission `id`, whose first bit goes out at `start`.
    func answer(_ id: Int, with frame: AirFrame, startingAt start: SimulationInstant) {
        // Starting at the deadline is too late: the reader stopped listening then.
        let now = clock.now
        let accepted = transmissions.update(id) { pending -> Bool? in
            guard !pending.answered else { return nil }
            guard max(start, now) < pending.deadline else { return false }
            pending.answered = true
            return true
        }
        switch accepted {
        case .some(.some(true)): break
        // Late: the reader's waiting time is over, whether its timer has gone off yet or not.
        case .some(.some(false)):
            lateAnswerCount += 1
            return
        // A second answer to one frame.
        case .some(.none): return
        // The frame is gone: its waiting time ran out (late), or the field or card went.
        case .none:
            if expired.remove(id) != nil { lateAnswerCount += 1 }
            return
        }
        setWaitingTimeTimer()
        recordFrame(.piccToPCD, frame, at: max(start, now))
        let answerEnd = start.advanced(by: timing.duration(of: frame))
        guard !clock.hasCome(answerEnd) else {
            return complete(id, with: frame, endedAt: answerEnd)
        }
        clock.schedule(at: answerEnd) { [self] in
            await complete(id, with: frame, endedAt: answerEnd)
        }
    }

    private func complete(_ id: Int, with frame: AirFrame, endedAt answerEnd: SimulationInstant) {
        guard let transmission = transmissions.removeValue(forKey: id) else { return }
        lastAnswerEnd[transmission.reader] = answerEnd
        // A card that left while answering was cut off mid-frame: the reader hears nothing.
        guard entries[transmission.target] != nil, fieldsOn.contains(transmission.reader) else {
            return transmission.outcome.tell(.failure(.timeout))
        }
        transmission.outcome.tell(.success(frame))
    }

    /// The timer's action: every transmission whose waiting time is over heard nothing.
    private func expireDue(timerDue: SimulationInstant) {
        if waitingTimeTimer?.due == timerDue { waitingTimeTimer = nil }
        let now = clock.now
        let due = transmissions.compactMap { entry in
            entry.value.answered || entry.value.deadline > now ? nil : entry.id
        }
        for id in due {
            // A completion may have ended others meanwhile.
            guard let transmission = transmissions.removeValue(forKey: id) else { continue }
            if expired.count >= 1024 { expired.removeAll() }
            expired.insert(id)
            transmission.outcome.tell(.failure(.timeout))
        }
        setWaitingTimeTimer()
    }

    /// Sets the timer to the earliest waiting time still running, or cancels it.
    private func setWaitingTimeTimer() {
        var earliest: SimulationInstant?
        for (_, transmission) in transmissions where !transmission.answered {
            if earliest.map({ transmission.deadline < $0 }) ?? true {
                earliest = transmission.deadline
            }
        }
        guard waitingTimeTimer?.due != earliest else { return }
        if let waitingTimeTimer { clock.cancel(waitingTimeTimer.timer) }
        waitingTimeTimer = nil
        guard let earliest else { return }
        let timer = clock.schedule(at: earliest) { [weak self] in
            await self?.expireDue(timerDue: earliest)
        }
        waitingTimeTimer = (timer, earliest)
    }
}
