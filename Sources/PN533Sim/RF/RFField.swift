import PacketTrace

/// The RF field that joins simulated chips and software tags: who is in it, who is powered,
/// which card each reader has selected, and the air time every frame costs.
///
/// Cards are powered while any reader's field is on; when the last field goes off every
/// card loses power and returns to IDLE. A card that leaves mid-exchange simply never
/// answers, so the reader sees its frame waiting time run out, as on a real bench.
public actor RFField {
    /// The shared simulation clock.
    public nonisolated let clock: SimulationClock
    /// The air timing frames are charged with.
    public nonisolated let timing: AirTiming

    /// A card or target-mode chip in the field.
    public struct TargetHandle: Sendable, Hashable {
        let id: Int
    }

    /// A reader (an initiator-mode chip) using the field.
    public struct ReaderHandle: Sendable, Hashable {
        let id: Int
    }

    /// A card the reader selected while polling.
    public struct PolledTarget: Sendable, Hashable {
        /// The card, for later exchanges.
        public var handle: TargetHandle
        /// What it showed in anticollision.
        public var identity: TypeAIdentity
        /// How anticollision went.
        public var selection: TypeAAnticollision.Selection
    }

    /// Why a frame got no answer.
    public enum Silence: Error, Sendable, Hashable {
        /// Nothing answered within the frame waiting time.
        case timeout
        /// The reader's field is off.
        case fieldOff
    }

    /// A card's ISO/IEC 14443-3 state, and the ISO/IEC 14443-4 protocol state above it.
    private enum CardState: Equatable {
        /// Powered, answering REQA and WUPA.
        case idle
        /// After HLTA or S(DESELECT): only WUPA wakes it.
        case halted
        /// Woken by a raw REQA or WUPA from `reader` and resolving its UID at cascade
        /// `level` (READY, ISO/IEC 14443-3): it answers that level's ANTICOLLISION and
        /// SELECT; anything else sends it back to IDLE (HALT when WUPA woke it from there).
        case ready(reader: Int, level: Int, fromHalt: Bool)
        /// Selected by `reader` (ACTIVE). Any frame it does not expect, a REQA or WUPA among
        /// them, sends it back unanswered to IDLE, or to HALT when WUPA woke it from there
        /// (`fromHalt`); it then answers the next REQA.
        case active(reader: Int, fromHalt: Bool)
        /// Activated by `reader` with RATS (ISO/IEC 14443-4): deaf to REQA and WUPA until
        /// S(DESELECT) sends it to HALT, or the field goes off.
        case protocolActive(reader: Int)

        /// Whether `reader` has this card selected, at either layer.
        func isSelected(by reader: Int) -> Bool {
            switch self {
            case .active(let selector, _), .protocolActive(let selector): selector == reader
            case .idle, .halted, .ready: false
            }
        }

        /// The state after a REQA or WUPA this card does not answer (an ACTIVE or READY card
        /// falls back; the others stay as they are).
        var afterUnexpectedWakeUp: CardState {
            switch self {
            case .active(_, let fromHalt), .ready(_, _, let fromHalt): fromHalt ? .halted : .idle
            case .idle, .halted, .protocolActive: self
            }
        }
    }

    private struct Entry {
        var identity: TypeAIdentity
        var target: any RFTarget
        var state: CardState
    }

    private var entries = IDTable<Entry>()
    /// When each reader last heard a card frame end: its next frame waits out the guard time.
    private var lastAnswerEnd = IDTable<SimulationInstant>()
    private var fieldsOn: [Int] = []
    /// The edges each reader (by id) has sensed in the others' fields, and (`anyField`) the
    /// edges in all fields, which a chip senses until it joins as a reader with a field of
    /// its own: a reader's counts go on from those.
    private var externalEdges: [Int: ExternalFieldEdges] = [
        RFField.anyField: ExternalFieldEdges()
    ]
    /// The key of the edges in all fields: no reader has it.
    private static let anyField = -1
    private var nextID = 0
    private var transmissions = IDTable<Transmission>()
    private var nextTransmission = 0
    /// Goes off when the earliest unanswered transmission's waiting time is over, and when.
    /// What went over the air since `beginTrace(limit:)`, while a trace is kept.
    var trace: BoundedTrace?
    /// Answers a card started after the reader had stopped listening (its waiting time was
    /// over): on a rig every card is an emulator nfcrig drives, so each is its host having
    /// been too slow, not the reader's doing.
    public private(set) var lateAnswerCount = 0
    /// Transmissions whose waiting time ran out unanswered, to tell a late answer from a
    /// stray one; forgotten in bulk, as only an answer soon after matters.
    private var expired: Set<Int> = []
    private var waitingTimeTimer: (timer: SimulationTimer, due: SimulationInstant)?

    /// The simulation's executor, shared with the chips; read once, as the run time asks for
    /// it at every switch.
    public nonisolated let unownedExecutor: UnownedSerialExecutor

    /// Creates an empty field.
    public init(clock: SimulationClock, timing: AirTiming = AirTiming()) {
        self.clock = clock
        self.timing = timing
        unownedExecutor = clock.executor.asUnownedSerialExecutor()
    }

    /// A reader joins the field, its own field off.
    public func joinAsReader() -> ReaderHandle {
        defer { nextID += 1 }
        externalEdges[nextID] = externalEdges[Self.anyField]
        return ReaderHandle(id: nextID)
    }

    /// A card enters the field (idle, powered if a field is on).
    public func enter(_ target: any RFTarget, identity: TypeAIdentity) -> TargetHandle {
        defer { nextID += 1 }
        entries[nextID] = Entry(identity: identity, target: target, state: .idle)
        return TargetHandle(id: nextID)
    }

    /// A card leaves the field; it loses power at once.
    public func leave(_ handle: TargetHandle) {
        guard let entry = entries.removeValue(forKey: handle.id) else { return }
        entry.target.fieldLost(in: self)
    }

    /// Whether the card is in the field.
    public func contains(_ handle: TargetHandle) -> Bool { entries[handle.id] != nil }

    /// Whether the card is in the field and `reader` has it selected.
    public func isSelected(_ handle: TargetHandle, by reader: ReaderHandle) -> Bool {
        entries[handle.id]?.state.isSelected(by: reader.id) ?? false
    }

    /// Whether any reader's field is on.
    public var isPowered: Bool { !fieldsOn.isEmpty }

    /// Switches a reader's field; cards lose power when the last field goes off.
    public func setField(_ on: Bool, by reader: ReaderHandle) {
        let before = fieldsOn
        if on, !fieldsOn.contains(reader.id) {
            fieldsOn.append(reader.id)
        } else if !on {
            fieldsOn.removeAll { $0 == reader.id }
        }
        guard before != fieldsOn else { return }
        recordFieldSwitch(on: on)
        for id in externalEdges.keys {
            externalEdges[id]?.record(seenBy: id, from: before, to: fieldsOn)
        }
        guard !before.isEmpty && !isPowered else { return }
        for id in entries.ids {
            entries[id]?.state = .idle
            entries[id]?.target.fieldLost(in: self)
        }
    }

    /// Whether this reader's field is on.
    public func isFieldOn(for reader: ReaderHandle) -> Bool { fieldsOn.contains(reader.id) }

    /// How often the other readers' fields came on and went off, as `reader` sensed them
    /// (every field, for a chip that never joined as a reader).
    public func externalFieldEdges(seenBy reader: ReaderHandle?) -> ExternalFieldEdges {
        externalEdges[reader?.id ?? Self.anyField] ?? ExternalFieldEdges()
    }

    /// Whether a field other than `reader`'s own is on: what a chip's RF level detector
    /// senses.
    public func isPowered(byOtherThan reader: ReaderHandle?) -> Bool {
        fieldsOn.contains { $0 != reader?.id }
    }

    /// REQA, anticollision and SELECT for up to `limit` idle cards, charging their air time:
    /// the first cards selected are halted again, the last stays selected by `reader`.
    public func poll(by reader: ReaderHandle, limit: Int) async -> [PolledTarget] {
        // REQA (7 bits) and the ATQA every idle card answers.
        recordWakeUp(
            0x26,
            answeredBy: entries.ids.compactMap { id in
                entries[id].flatMap { $0.state == .idle ? $0.identity : nil }
            })
        try? await clock.sleep(
            for: timing.duration(of: AirFrame(bytes: [0x26], lastByteBits: 7))
                + timing.responseDelay + timing.duration(bytes: 2) + timing.guardTime)
        guard fieldsOn.contains(reader.id) else { return [] }
        // A selected card takes the REQA for an error and falls back, silent this time.
        for id in entries.ids {
            if let state = entries[id]?.state { entries[id]?.state = state.afterUnexpectedWakeUp }
        }
        let idle = entries.ids.filter { entries[$0]?.state == .idle }
        let selections = TypeAAnticollision.selectAll(
            among: idle.map { entries[$0]!.identity }, limit: limit)
        var polled: [PolledTarget] = []
        for selection in selections {
            // ANTICOLLISION answers are 5 bytes (CLn + BCC); SELECT is 9, SAK 3 (with CRC).
            let id = idle[selection.card]
            if let previous = polled.last { halt(previous.handle) }
            if let identity = entries[id]?.identity { recordSelection(of: identity) }
            try? await clock.sleep(for: exchangeTime(command: 9, response: 5) * selection.frames)
            guard let entry = entries[id] else { continue }
            entries[id]?.state = .active(reader: reader.id, fromHalt: false)
            entry.target.selected(at: clock.now, in: self)
            polled.append(
                PolledTarget(
                    handle: TargetHandle(id: id), identity: entry.identity, selection: selection))
        }
        return polled
    }

    /// WUPA and SELECT of one card (idle or halted) by its UID, halting whatever else the
    /// reader had selected: how a reader switches between listed targets. A card deaf to
    /// WUPA (ISO/IEC 14443-4 activated) is not woken.
    public func reselect(_ handle: TargetHandle, by reader: ReaderHandle) async -> Bool {
        if let identity = entries[handle.id]?.identity {
            recordWakeUp(0x52, answeredBy: [identity])
            recordSelection(
                of: identity,
                from: clock.now.advanced(by: exchangeTime(command: 1, response: 2)))
        }
        try? await clock.sleep(for: exchangeTime(command: 9, response: 5) * 3)
        guard fieldsOn.contains(reader.id), let entry = entries[handle.id] else { return false }
        for (id, other) in entries where id != handle.id && other.state.isSelected(by: reader.id) {
            halt(TargetHandle(id: id))
        }
        let fromHalt: Bool
        switch entry.state {
        case .idle: fromHalt = false
        case .halted: fromHalt = true
        case .ready(_, _, let woken): fromHalt = woken
        case .active(let selector, _) where selector == reader.id: return true
        case .active, .protocolActive: return false
        }
        entries[handle.id]?.state = .active(reader: reader.id, fromHalt: fromHalt)
        entry.target.selected(at: clock.now, in: self)
        return true
    }

    /// HLTA: the card stops answering until woken.
    public func halt(_ handle: TargetHandle) {
        guard let entry = entries[handle.id] else { return }
        recordFrame(.pcdToPICC, .withCRC([0x50, 0x00]), at: clock.now)
        entries[handle.id]?.state = .halted
        entry.target.halted(in: self)
    }

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
    private enum TransmissionOutcome {
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
    private struct Transmission {
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

    /// What a frame every card hears brought back to the reader.
    public enum BroadcastAnswer: Sendable, Hashable {
        /// No card answered.
        case silence
        /// One card answered, or all sent the same bits.
        case frame(AirFrame)
        /// Cards answered with different bits: the reader sees a collision (where the bits
        /// differ is not modelled).
        case collision
    }

    /// Whether `frame` is one ISO/IEC 14443-3 addresses to every card rather than to the
    /// selected one: REQA or WUPA (7 bits), ANTICOLLISION (`93 20`, `95 20`, `97 20`) or
    /// SELECT (`93 70` + CLn + BCC + CRC_A).
    public static func isBroadcast(_ frame: AirFrame) -> Bool {
        if frame.lastByteBits == 7, frame.bytes.count == 1 { return true }
        guard frame.lastByteBits == 8, frame.bytes.count >= 2,
            cascadeLevel(of: frame.bytes[0]) != nil
        else { return false }
        return frame.bytes[1] == 0x20 || (frame.bytes[1] == 0x70 && frame.bytes.count == 9)
    }

    private static func cascadeLevel(of select: UInt8) -> Int? {
        switch select {
        case 0x93: 0
        case 0x95: 1
        case 0x97: 2
        default: nil
        }
    }

    /// A raw frame from `reader` (InCommunicateThru) that every card hears: REQA and WUPA
    /// wake cards to READY and bring back their ATQA, ANTICOLLISION a READY card's UID CLn
    /// and BCC, SELECT its SAK (with CRC_A), which makes it ACTIVE once its whole UID is
    /// known. Cards the frame does not concern and cards it is an error to fall back as
    /// ISO/IEC 14443-3 says. Air time is charged as for any frame and its answer.
    public func broadcast(_ frame: AirFrame, from reader: ReaderHandle) async -> BroadcastAnswer {
        recordFrame(.pcdToPICC, frame, at: clock.now)
        try? await clock.sleep(for: timing.duration(of: frame) + timing.responseDelay)
        guard fieldsOn.contains(reader.id) else { return .silence }
        var answers: [(id: Int, frame: AirFrame)] = []
        for id in entries.ids {
            guard let entry = entries[id],
                let answer = hear(frame, id: id, entry, from: reader.id)
            else { continue }
            answers.append((id, answer))
        }
        guard let first = answers.first?.frame else { return .silence }
        // Different answers collide: the trace keeps the first, as a sniffer would show one.
        recordFrame(.piccToPCD, first, at: clock.now)
        try? await clock.sleep(for: timing.duration(of: first) + timing.guardTime)
        guard answers.allSatisfy({ $0.frame == first }) else { return .collision }
        return .frame(first)
    }

    /// One card hearing a broadcast frame: its answer, if any, and its next state.
    private func hear(_ frame: AirFrame, id: Int, _ entry: Entry, from reader: Int) -> AirFrame? {
        let bytes = frame.bytes
        let atqa = AirFrame(bytes: entry.identity.sensRes.reversed())
        if frame.lastByteBits == 7 {
            let wakeUp = bytes[0] == 0x52
            switch entry.state {
            case .idle where bytes[0] == 0x26 || wakeUp:
                entries[id]?.state = .ready(reader: reader, level: 0, fromHalt: false)
                return atqa
            case .halted where wakeUp:
                entries[id]?.state = .ready(reader: reader, level: 0, fromHalt: true)
                return atqa
            default:
                entries[id]?.state = entry.state.afterUnexpectedWakeUp
                return nil
            }
        }
        guard case .ready(let waker, let level, let fromHalt) = entry.state else { return nil }
        let levels = entry.identity.cascadeLevels
        guard waker == reader, Self.cascadeLevel(of: bytes[0]) == level, level < levels.count
        else {
            entries[id]?.state = entry.state.afterUnexpectedWakeUp
            return nil
        }
        let part = levels[level]
        let bcc = part.reduce(0, ^)
        if bytes[1] == 0x20 { return AirFrame(bytes: part + [bcc]) }
        // SELECT: the card whose CLn and BCC it names answers SAK; the others fall back.
        guard CRCA.strippingInPlace(bytes).map(Array.init) == [bytes[0], 0x70] + part + [bcc]
        else {
            entries[id]?.state = entry.state.afterUnexpectedWakeUp
            return nil
        }
        if level == levels.count - 1 {
            entries[id]?.state = .active(reader: reader, fromHalt: fromHalt)
            entry.target.selected(at: clock.now, in: self)
            return .withCRC([entry.identity.selRes])
        }
        entries[id]?.state = .ready(reader: reader, level: level + 1, fromHalt: fromHalt)
        // Cascade bit: the UID goes on at the next level.
        return .withCRC([0x04])
    }

    /// The card `reader` has selected, at either layer, if any.
    public func selectedCard(by reader: ReaderHandle) -> TargetHandle? {
        entries.ids.first { entries[$0]?.state.isSelected(by: reader.id) == true }
            .map(TargetHandle.init)
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

    func exchangeTime(command: Int, response: Int) -> Duration {
        timing.duration(bytes: command) + timing.responseDelay + timing.duration(bytes: response)
            + timing.guardTime
    }
}
