import PN533

/// Frames through InCommunicateThru: the chip adds and checks CRC_A and times the card's
/// answer with its RF retry timeout, which this link sets (RFConfiguration item 02) to the
/// shortest code covering each frame's timeout.
public actor CommunicateThruLink: ISODEPFrameLink {
    /// The chip, in initiator mode with a card selected.
    public let device: PN533Device
    /// Added to the RF timeout for the host's own wait: USB and the chip's processing.
    public let hostMargin: Duration
    private var retryTimeout: PN533RFTimeout?
    private var framingChecked = false

    /// A link over `device`.
    public init(device: PN533Device, hostMargin: Duration = .milliseconds(200)) {
        self.device = device
        self.hostMargin = hostMargin
    }

    /// InCommunicateThru with the chip's retry timeout at least `timeout`; the chip's
    /// timeout is `.timeout`, its CRC, parity and framing errors `.transmission`.
    public func transceive(
        _ frame: [UInt8], timeout: Duration
    ) async throws(ISODEPLinkError) -> [UInt8] {
        // Beyond the longest code (3.28 s, shorter than FWT for FWI 13 and 14) the chip waits
        // without a limit and the host's own timeout ends the wait.
        let longest = PN533RFTimeout(rawValue: 0x10)
        let code = timeout > (longest.duration ?? .zero) ? .none : PN533RFTimeout.atLeast(timeout)
        do throws(PN533Error) {
            try await checkFraming()
            if code != retryTimeout {
                // ATR_RES keeps the chip's default 102.4 ms (code 0B).
                try await device.setTimeouts(
                    atrResponse: PN533RFTimeout(rawValue: 0x0B), retry: code)
                retryTimeout = code
            }
            return try await device.communicateThru(
                frame, timeout: (code.duration ?? timeout) + hostMargin)
        } catch .rfTimeout {
            throw .timeout
        } catch .noResponse where code == .none {
            throw .timeout
        } catch .transmission(let command, let status) {
            throw .transmission(.transmission(command: command, status: status))
        } catch {
            throw .failed(error)
        }
    }

    /// Once per link: whole bytes with CRC_A both ways, whatever a host did to the CIU before.
    private func checkFraming() async throws(PN533Error) {
        guard !framingChecked else { return }
        let values = try await device.readRegisters([
            CIURegister.txMode, CIURegister.rxMode, CIURegister.bitFraming,
        ])
        var writes: [(UInt16, UInt8)] = []
        if values[0] & 0x80 == 0 { writes.append((CIURegister.txMode, values[0] | 0x80)) }
        if values[1] & 0x80 == 0 { writes.append((CIURegister.rxMode, values[1] | 0x80)) }
        if values[2] & 0x07 != 0 { writes.append((CIURegister.bitFraming, values[2] & ~0x07)) }
        if !writes.isEmpty { try await device.writeRegisters(writes) }
        framingChecked = true
    }
}
