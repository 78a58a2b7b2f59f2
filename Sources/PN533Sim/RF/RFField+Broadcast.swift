import PacketTrace

/// Raw frames every card hears (InCommunicateThru): REQA, WUPA, ANTICOLLISION, SELECT.
extension RFField {
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
}
