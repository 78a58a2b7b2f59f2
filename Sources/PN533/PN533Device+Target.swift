/// The chip as target (card emulation, NFC-DEP target).
extension PN533Device {
    /// TgInitAsTarget: waits up to `timeout` for an initiator to activate the chip.
    /// `listening` runs once the chip has taken the command (its ACK came, or the wait for
    /// it ended): from then on the chip is in the field as a card.
    public func initAsTarget(
        _ configuration: TargetConfiguration, timeout: Duration? = nil,
        listening: (@Sendable () -> Void)? = nil
    ) async throws(PN533Error) -> TargetActivation {
        let request = try PN533TgInitAsTarget.request(configuration, chip: chip)
        return try TargetActivation(
            response: try await perform(request, timeout: timeout, accepted: listening))
    }

    /// TgGetInitiatorCommand: the initiator's next command.
    public func getInitiatorCommand(timeout: Duration? = nil) async throws(PN533Error) -> [UInt8] {
        let request = PN533TgInitiatorExchange.getInitiatorCommand
        let response = try await perform(request, timeout: timeout)
        return try PN533DataResponse(response: response, command: request.command).data
    }

    /// TgResponseToInitiator: the answer to the last initiator command.
    public func respondToInitiator(
        _ data: [UInt8], timeout: Duration? = nil
    ) async throws(PN533Error) {
        let request = PN533TgInitiatorExchange.responseToInitiator(data)
        try PN533Response.requireSuccess(
            try await perform(request, timeout: timeout), command: request.command)
    }

    /// TgGetData: the initiator's next DEP data, following its more-information chaining.
    public func getData(timeout: Duration? = nil) async throws(PN533Error) -> [UInt8] {
        try await performChained(
            PN533TgData.getData, followUp: PN533TgData.getData, timeout: timeout)
    }

    /// TgSetData: DEP data for the initiator.
    public func setData(_ data: [UInt8], timeout: Duration? = nil) async throws(PN533Error) {
        try await performStatusOnly(PN533TgData.setData(data), timeout: timeout)
    }

    /// TgGetTargetStatus.
    public func targetStatus() async throws(PN533Error) -> PN533TargetStatus {
        try PN533TargetStatus(response: try await perform(PN533TargetStatus.request, timeout: nil))
    }
}
