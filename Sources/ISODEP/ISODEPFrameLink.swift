/// Moves one raw frame to the card and its answer back; CRC_A is the link's business.
public protocol ISODEPFrameLink: Sendable {
    /// Sends `frame` and returns the card's answer, waiting `timeout` at most for it to start.
    func transceive(_ frame: [UInt8], timeout: Duration) async throws(ISODEPLinkError) -> [UInt8]
}
