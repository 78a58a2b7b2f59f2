/// RATS, the request for answer to select (ISO/IEC 14443-4 §5.1): `E0`, then FSDI in the
/// high nibble and the CID the card is to answer to in the low one.
public struct RATS: Sendable, Hashable, CustomStringConvertible {
    /// The start byte.
    public static let startByte: UInt8 = 0xE0

    /// FSDI, 0–15: the reader's frame size (9 and above RFU, read as 256).
    public var fsdi: UInt8
    /// The CID assigned to the card, 0–14.
    public var cid: UInt8

    /// A RATS; the default (`E0 80`) asks for 256-byte frames and CID 0, as the PN533 sends it.
    public init(fsdi: UInt8 = 8, cid: UInt8 = 0) {
        self.fsdi = fsdi
        self.cid = cid
    }

    /// FSD in bytes.
    public var fsd: Int { ISODEPFrameSize.bytes(forIndex: fsdi) }

    /// `E0`, then the parameter byte (fields masked to 4 bits each).
    public func encode() -> [UInt8] { [Self.startByte, (fsdi & 0x0F) << 4 | (cid & 0x0F)] }

    /// Reads a RATS.
    ///
    /// - Throws: `RATSError` for a wrong length, start byte or the RFU CID 15.
    public init(bytes: some Collection<UInt8>) throws(RATSError) {
        let bytes = Array(bytes)
        guard bytes.count == 2 else { throw .wrongLength(bytes.count) }
        guard bytes[0] == Self.startByte else { throw .notRATS(startByte: bytes[0]) }
        guard bytes[1] & 0x0F != 0x0F else { throw .reservedCID(parameter: bytes[1], offset: 1) }
        self.init(fsdi: bytes[1] >> 4, cid: bytes[1] & 0x0F)
    }

    /// `RATS FSD 256 CID 0`.
    public var description: String { "RATS FSD \(fsd) CID \(cid)" }
}
