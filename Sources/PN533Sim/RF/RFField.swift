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

    // The state below is the actor's; its extensions in the RFField+*.swift files share it.

    /// The cards in the field, by id.
    var entries = IDTable<Entry>()
    /// When each reader last heard a card frame end: its next frame waits out the guard time.
    var lastAnswerEnd = IDTable<SimulationInstant>()
    /// The readers whose field is on, by id.
    var fieldsOn: [Int] = []
    /// The edges each reader (by id) has sensed in the others' fields, and (`anyField`) the
    /// edges in all fields, which a chip senses until it joins as a reader with a field of
    /// its own: a reader's counts go on from those.
    private var externalEdges: [Int: ExternalFieldEdges] = [
        RFField.anyField: ExternalFieldEdges()
    ]
    /// The key of the edges in all fields: no reader has it.
    private static let anyField = -1
    private var nextID = 0
    /// Reader frames on their way, until answered or their waiting time is over.
    var transmissions = IDTable<Transmission>()
    var nextTransmission = 0
    /// What went over the air since `beginTrace(limit:)`, while a trace is kept.
    var trace: BoundedTrace?
    /// Answers a card started after the reader had stopped listening (its waiting time was
    /// over): on a rig every card is an emulator nfcrig drives, so each is its host having
    /// been too slow, not the reader's doing.
    public internal(set) var lateAnswerCount = 0
    /// Transmissions whose waiting time ran out unanswered, to tell a late answer from a
    /// stray one; forgotten in bulk, as only an answer soon after matters.
    var expired: Set<Int> = []
    /// Goes off when the earliest unanswered transmission's waiting time is over, and when.
    var waitingTimeTimer: (timer: SimulationTimer, due: SimulationInstant)?

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

    /// The card `reader` has selected, at either layer, if any.
    public func selectedCard(by reader: ReaderHandle) -> TargetHandle? {
        entries.ids.first { entries[$0]?.state.isSelected(by: reader.id) == true }
            .map(TargetHandle.init)
    }

    func exchangeTime(command: Int, response: Int) -> Duration {
        timing.duration(bytes: command) + timing.responseDelay + timing.duration(bytes: response)
            + timing.guardTime
    }
}
