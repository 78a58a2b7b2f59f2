import PN533

/// Type 2 Tag commands through InDataExchange: the PN533 sends them with CRC_A and turns the
/// tag's 4-bit ACK into status 00 with no data, a NAK into status 14.
public struct ChipType2Transceiver: Type2Transceiver {
    /// The chip, in initiator mode, with `target` listed.
    public let device: PN533Device
    /// The Tg InListPassiveTarget assigned.
    public let target: UInt8
    /// The host's timeout per command.
    public let timeout: Duration?

    /// A transceiver for `target` on `device`.
    public init(device: PN533Device, target: UInt8 = 1, timeout: Duration? = .seconds(1)) {
        self.device = device
        self.target = target
        self.timeout = timeout
    }

    public nonisolated(nonsending) func transceive(_ command: [UInt8])
        async throws(NFCReaderError) -> [UInt8]
    {
        do throws(PN533Error) {
            return try await device.exchange(target: target, command, timeout: timeout)
        } catch .transmission(_, status: .mifareAuthentication) {
            throw .tagResponseError(.nak(command: command))
        } catch {
            throw NFCReaderError(error)
        }
    }
}
