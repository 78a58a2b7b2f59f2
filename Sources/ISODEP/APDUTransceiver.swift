/// Exchanges whole APDUs with an activated ISO/IEC 14443-4 card, however the blocks are
/// handled: by the chip (`ChipISODEPTransceiver`) or by the host (`ISODEPReader`).
public protocol APDUTransceiver: Sendable {
    /// Sends a command APDU and returns the card's whole response APDU.
    nonisolated(nonsending) func transceive(_ apdu: [UInt8]) async throws(ISODEPError) -> [UInt8]
}
