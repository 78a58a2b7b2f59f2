/// Why bytes are not a RATS.
public enum RATSError: Error, Sendable, Hashable {
    /// A RATS is 2 bytes; this frame had `count`.
    case wrongLength(Int)
    /// The first byte is not `E0`.
    case notRATS(startByte: UInt8)
    /// The parameter byte at `offset` names CID 15, which is RFU.
    case reservedCID(parameter: UInt8, offset: Int)
}
