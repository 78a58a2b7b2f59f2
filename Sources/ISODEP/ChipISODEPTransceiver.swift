import PN533

/// APDUs through InDataExchange: the PN533 runs ISO/IEC 14443-4 itself (block numbers,
/// chaining, WTX, retransmission) for a target it activated with RATS.
public struct ChipISODEPTransceiver: APDUTransceiver {
    /// The most command bytes one InDataExchange frame carries after the Tg byte (LEN 265).
    public static let maximumFrameData = 262

    /// The chip, in initiator mode, with `target` listed.
    public let device: PN533Device
    /// The Tg InListPassiveTarget assigned.
    public let target: UInt8
    /// The host's timeout per InDataExchange; it must cover the card's waiting time
    /// extensions, which the chip grants on its own.
    public let timeout: Duration?

    /// A transceiver for `target` on `device`.
    public init(device: PN533Device, target: UInt8 = 1, timeout: Duration? = .seconds(5)) {
        self.device = device
        self.target = target
        self.timeout = timeout
    }

    /// Sends `apdu` (in several InDataExchange frames with MI set when it is longer than
    /// one frame holds) and returns the answer the chip gathered, MI chaining included.
    ///
    /// - Throws: `.link` with the chip's error: its ISO-DEP failures (a silent card is
    ///   `.rfTimeout`) come as chip status codes.
    public nonisolated(nonsending) func transceive(_ apdu: [UInt8]) async throws(ISODEPError)
        -> [UInt8]
    {
        var rest = apdu[...]
        do throws(PN533Error) {
            while rest.count > Self.maximumFrameData {
                let part = rest.prefix(Self.maximumFrameData)
                rest = rest.dropFirst(Self.maximumFrameData)
                let request = PN533InDataExchange.request(
                    target: target, Array(part), moreInformation: true)
                let response = try await device.command(
                    request.command, request.data, timeout: timeout)
                _ = try PN533DataResponse(response: response, command: .inDataExchange)
            }
            return try await device.exchange(target: target, Array(rest), timeout: timeout)
        } catch {
            throw .link(error)
        }
    }
}
