/// The NDEF operations of one tag type (nfcpy: one module per tag type), on raw message
/// bytes: decoding and encoding stay with the reader, which knows no tag layout.
public protocol NDEFTagProcedures: Sendable {
    /// Runs NDEF detection: whether the tag is NDEF, writable, and how large a message fits.
    func queryNDEFStatus() async throws(NFCReaderError) -> (status: NFCNDEFStatus, capacity: Int)
    /// The message bytes the tag holds (empty when its length is 0).
    func readNDEF() async throws(NFCReaderError) -> [UInt8]
    /// Replaces the message with `message` (never empty), in `order`.
    func writeNDEF(_ message: [UInt8], order: NDEFWriteOrder) async throws(NFCReaderError)
    /// Makes the tag read-only for good.
    func writeLock() async throws(NFCReaderError)
}
