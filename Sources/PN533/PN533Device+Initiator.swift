/// The chip as initiator (reader): list targets and talk to them.
extension PN533Device {
    /// InListPassiveTarget at 106 kbps type A: the target listed, or `[]`. `max` is MaxTg: a
    /// PN533 takes only 1 (`PN533InListPassiveTarget.maximumTargets`).
    public func listPassiveTargets(
        max: UInt8 = 1, baud: PassiveTarget.BaudRate = .kbps106, initiatorData: [UInt8] = [],
        timeout: Duration? = nil
    ) async throws(PN533Error) -> [PassiveTarget] {
        let modulation: PN533Modulation =
            switch baud {
            case .kbps106: .typeA106
            }
        let list = try await listTargets(
            max: max, modulation: modulation, initiatorData: initiatorData, timeout: timeout)
        guard case .typeA(let targets) = list else { return [] }
        return targets
    }

    /// InListPassiveTarget for any modulation.
    public func listTargets(
        max: UInt8 = 1, modulation: PN533Modulation, initiatorData: [UInt8] = [],
        timeout: Duration? = nil
    ) async throws(PN533Error) -> PN533TargetList {
        let limit = Int(PN533InListPassiveTarget.maximumTargets)
        guard (1...limit).contains(Int(max)) else {
            throw .invalidRequest(
                command: .inListPassiveTarget,
                error: .outOfRange(field: "MaxTg", value: Int(max), range: 1...limit))
        }
        let request = PN533InListPassiveTarget.request(
            maxTargets: max, modulation: modulation, initiatorData: initiatorData)
        return try PN533TargetList(
            response: try await perform(request, timeout: timeout), modulation: modulation)
    }

    /// InDataExchange with `target`, following more-information chaining (MI) until the
    /// target's whole answer is in.
    public func exchange(
        target: UInt8, _ data: [UInt8], timeout: Duration? = nil
    ) async throws(PN533Error) -> [UInt8] {
        try await performChained(
            PN533InDataExchange.request(target: target, data),
            followUp: PN533InDataExchange.request(target: target), timeout: timeout)
    }

    /// InCommunicateThru: raw bytes to the current target, its raw answer back.
    public func communicateThru(
        _ data: [UInt8], timeout: Duration? = nil
    ) async throws(PN533Error) -> [UInt8] {
        let response = try await perform(PN533InCommunicateThru.request(data), timeout: timeout)
        return try PN533DataResponse(response: response, command: .inCommunicateThru).data
    }

    /// InSelect.
    public func select(target: UInt8) async throws(PN533Error) {
        try await performStatusOnly(PN533TargetSelection.select(target: target))
    }

    /// InDeselect (0: all targets).
    public func deselect(target: UInt8) async throws(PN533Error) {
        try await performStatusOnly(PN533TargetSelection.deselect(target: target))
    }

    /// InRelease (0: all targets).
    public func release(target: UInt8) async throws(PN533Error) {
        try await performStatusOnly(PN533TargetSelection.release(target: target))
    }

    func performStatusOnly(
        _ request: PN533Request, timeout: Duration? = nil
    ) async throws(PN533Error) {
        try PN533Response.requireSuccess(
            try await perform(request, timeout: timeout), command: request.command)
    }
}
