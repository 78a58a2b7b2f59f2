/// Why bytes from the chip (or for it) are not a frame, naming the offending byte.
///
/// Offsets count from the frame's preamble as drawn in `PN533Frame`'s layout (LCS is at 4 in
/// a normal frame, at 7 in an extended one), also when the chip left the preamble out.
public enum PN533FrameError: Error, Sendable, Hashable {
    /// Bytes before the next start code `00 FF` that belong to no frame; the decoder dropped them.
    case garbage(skipped: [UInt8])
    /// LEN + LCS (or LENhi + LENlo + LCS) is not 0 mod 256.
    case badLengthChecksum(offset: Int, length: Int, checksum: UInt8)
    /// TFI + data + DCS is not 0 mod 256; `expected` is the DCS that would have fit.
    case badDataChecksum(offset: Int, checksum: UInt8, expected: UInt8)
    /// The byte after DCS (or after an ACK/NACK code) is not the postamble `00`.
    case badPostamble(offset: Int, byte: UInt8)
    /// The frame identifier is neither D4, D5 nor the error frame's 7F.
    case badFrameIdentifier(offset: Int, tfi: UInt8)
    /// LEN is too small for the frame identifier and a command code.
    case lengthTooShort(offset: Int, length: Int)
    /// The transfer ended inside the frame header, at `offset`.
    case truncatedHeader(offset: Int)
    /// The transfer ended before the frame did: LEN at `offset` declares `length` bytes of TFI
    /// and data (so `length + 2` with DCS and postamble), the transfer held `available` from TFI.
    case lengthMismatch(offset: Int, length: Int, available: Int)
    /// Encoding only: TFI, code and data would not fit even an extended frame's LEN.
    case bodyTooLong(length: Int)
}
