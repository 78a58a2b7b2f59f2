import PacketTrace

/// The field's RF trace: every frame on the simulated air, both ways, and the field
/// switching, as a sniffer beside the antennas would record them. The field records them
/// itself, so the frames of a reader nfcrig did not write (a DUT's chip) are there too.
extension RFField {
    /// Starts keeping a trace (a new one, dropping any kept so far).
    public func beginTrace(limit: TraceLimit = .default) { trace = BoundedTrace(limit: limit) }

    /// The trace kept since `beginTrace(limit:)`, in time order; keeping stops.
    public func endTrace() -> BoundedTrace? {
        defer { trace = nil }
        return trace
    }

    /// Records `frame` whose first bit goes out at `instant`.
    func recordFrame(_ kind: TraceRecordKind, _ frame: AirFrame, at instant: SimulationInstant) {
        guard trace != nil else { return }
        // A 4-bit ACK or NAK carries no CRC_A; marked so, decoders do not look for one.
        trace?.append(
            TraceRecord(
                timestamp: Self.nanoseconds(instant), kind: kind, bytes: frame.bytes,
                crcCaptured: frame.lastByteBits != 4))
    }

    func recordFieldSwitch(on: Bool) {
        guard trace != nil else { return }
        let now = Self.nanoseconds(clock.now)
        trace?.append(on ? .fieldOn(at: now) : .fieldOff(at: now))
    }

    /// REQA or WUPA now and the ATQA of the first card that answers (several answer alike:
    /// the anticollision that follows tells them apart).
    func recordWakeUp(_ command: UInt8, answeredBy cards: [TypeAIdentity]) {
        guard trace != nil else { return }
        let wakeUp = AirFrame(bytes: [command], lastByteBits: 7)
        recordFrame(.pcdToPICC, wakeUp, at: clock.now)
        guard let card = cards.first else { return }
        recordFrame(
            .piccToPCD, AirFrame(bytes: card.sensRes.reversed()),
            at: clock.now.advanced(by: timing.duration(of: wakeUp) + timing.responseDelay))
    }

    /// ANTICOLLISION and SELECT of `card` at each cascade level from `start` (now when nil),
    /// one exchange after the other: the frames `poll` charges the air time of. Collision
    /// rounds are not shown, only the frames that name the card.
    func recordSelection(of card: TypeAIdentity, from start: SimulationInstant? = nil) {
        guard trace != nil else { return }
        var at = start ?? clock.now
        let levels = card.cascadeLevels
        for (level, part) in levels.enumerated() {
            let code: UInt8 = [0x93, 0x95, 0x97][level]
            let bcc = part.reduce(0, ^)
            let sak: UInt8 = level == levels.count - 1 ? card.selRes : 0x04
            let exchanges: [(AirFrame, AirFrame)] = [
                (AirFrame(bytes: [code, 0x20]), AirFrame(bytes: part + [bcc])),
                (.withCRC([code, 0x70] + part + [bcc]), .withCRC([sak])),
            ]
            for (command, response) in exchanges {
                recordFrame(.pcdToPICC, command, at: at)
                recordFrame(
                    .piccToPCD, response,
                    at: at.advanced(by: timing.duration(of: command) + timing.responseDelay))
                at = at.advanced(by: exchangeTime(command: 9, response: 5))
            }
        }
    }

    static func nanoseconds(_ instant: SimulationInstant) -> Int64 {
        TraceTime.nanoseconds(instant.offset)
    }
}
