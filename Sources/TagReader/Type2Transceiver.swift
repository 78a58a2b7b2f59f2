/// Exchanges Type 2 Tag commands (READ `30`, WRITE `A2`) with a tag, the way CoreNFC's
/// `sendMiFareCommand` does: the answer's data, empty for an ACK.
public protocol Type2Transceiver: Sendable {
    /// Sends `command`; returns the answer (16 bytes for READ, none for an ACKed WRITE).
    ///
    /// - Throws: `tagResponseError(.nak)` for a NAK, the link errors otherwise.
    nonisolated(nonsending) func transceive(_ command: [UInt8]) async throws(NFCReaderError)
        -> [UInt8]
}
