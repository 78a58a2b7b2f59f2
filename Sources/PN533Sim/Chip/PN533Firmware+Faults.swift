import Synchronization

/// The chip's scripted faults (`PN533Fault`), each committed once, in order.
extension PN533Firmware {
    /// Removes the first queued fault that `matches`; whether there was one.
    func consume(_ matches: (PN533Fault) -> Bool) -> Bool {
        guard let index = faultIndex(where: matches) else { return false }
        faults.remove(at: index)
        return true
    }

    /// Where the first queued fault that `matches` is. Every command asks several times and
    /// almost always with none queued: then there is nothing to search.
    func faultIndex(where matches: (PN533Fault) -> Bool) -> Int? {
        faults.isEmpty ? nil : faults.firstIndex(where: matches)
    }

    /// Whether this command's ACK is to be left out.
    func consumeACKFault() -> Bool {
        if consume({ $0 == .dropNextACK }) { return true }
        guard
            let index = faultIndex(where: {
                if case .answerWithoutACK = $0 { true } else { false }
            }), case .answerWithoutACK(let count) = faults[index]
        else { return false }
        if count <= 1 {
            faults.remove(at: index)
        } else {
            faults[index] = .answerWithoutACK(count: count - 1)
        }
        return true
    }

    /// How much later this response goes, if a delay is scripted.
    func consumeDelayFault() -> Duration? {
        guard
            let index = faultIndex(where: {
                if case .delayNextResponse = $0 { true } else { false }
            }), case .delayNextResponse(let delay) = faults.remove(at: index)
        else { return nil }
        return delay
    }

    /// Whether the USB link goes down with this command (it counts down to it otherwise).
    func consumeDisconnectFault() -> Bool {
        guard
            let index = faultIndex(where: {
                if case .disconnectAfter = $0 { true } else { false }
            }), case .disconnectAfter(let commands) = faults[index]
        else { return false }
        if commands <= 0 {
            faults.remove(at: index)
            linkDown.store(true, ordering: .releasing)
            abortRunningCommand()
            record(.faultCommitted("USB disconnect"))
            return true
        }
        faults[index] = .disconnectAfter(commands: commands - 1)
        return false
    }
}
