/// Commands that talk to the chip itself: identity, status, registers, RF settings, self tests.
extension PN533Device {
    /// GetFirmwareVersion.
    public func firmwareVersion() async throws(PN533Error) -> PN533FirmwareVersion {
        try PN533FirmwareVersion(
            response: try await perform(PN533FirmwareVersion.request, timeout: nil))
    }

    /// GetGeneralStatus.
    public func generalStatus() async throws(PN533Error) -> PN533GeneralStatus {
        try PN533GeneralStatus(
            response: try await perform(PN533GeneralStatus.request, timeout: nil))
    }

    /// ReadRegister: the values of `addresses`, in order.
    public func readRegisters(_ addresses: [UInt16]) async throws(PN533Error) -> [UInt8] {
        let response = try await perform(PN533ReadRegister.request(addresses), timeout: nil)
        return try PN533ReadRegister.values(response: response, count: addresses.count, chip: chip)
    }

    /// WriteRegister: each address gets its value.
    public func writeRegisters(_ writes: [(UInt16, UInt8)]) async throws(PN533Error) {
        let request = PN533WriteRegister.request(writes.map { (address: $0.0, value: $0.1) })
        try PN533Response.requireSuccess(
            try await perform(request, timeout: nil), command: .writeRegister)
    }

    /// SetParameters.
    public func setParameters(_ parameters: PN533Parameters) async throws(PN533Error) {
        try PN533Response.requireEmpty(
            try await perform(parameters.request, timeout: nil), command: .setParameters)
    }

    /// RFConfiguration with any item.
    public func configureRF(_ item: PN533RFConfiguration) async throws(PN533Error) {
        try PN533Response.requireEmpty(
            try await perform(item.request, timeout: nil), command: .rfConfiguration)
    }

    /// RFConfiguration item 01: the RF field on or off.
    public func setRF(field: Bool, autoRFCA: Bool = false) async throws(PN533Error) {
        try await configureRF(.field(on: field, autoRFCA: autoRFCA))
    }

    /// RFConfiguration item 02: the ATR_RES and RF exchange timeouts.
    public func setTimeouts(
        atrResponse: PN533RFTimeout, retry: PN533RFTimeout
    ) async throws(PN533Error) {
        try await configureRF(.timeouts(atrResponse: atrResponse, retry: retry))
    }

    /// RFConfiguration item 04, MaxRtyCOM: how often InDataExchange recovers a lost or
    /// damaged answer (ISO-DEP R(NAK)) before it fails; 00 (the chip's default) never does.
    public func setCommunicationRetries(_ count: UInt8) async throws(PN533Error) {
        try await configureRF(.communicationRetries(count))
    }

    /// RFConfiguration item 05: retries of ATR_REQ, PSL_REQ and passive activation (FF: forever).
    public func setRetries(
        atr: UInt8, psl: UInt8, passiveActivation: UInt8
    ) async throws(PN533Error) {
        try await configureRF(.retries(atr: atr, psl: psl, passiveActivation: passiveActivation))
    }

    /// Diagnose: runs `test` and returns its raw result data.
    public func diagnose(
        _ test: PN533Diagnose.Test, parameters: [UInt8] = [], timeout: Duration? = nil
    ) async throws(PN533Error) -> [UInt8] {
        try await perform(PN533Diagnose.request(test, parameters: parameters), timeout: timeout)
    }
}
