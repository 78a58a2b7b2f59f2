/// Why bytes are not an ATS. Offsets count from TL (offset 0).
public enum ATSError: Error, Sendable, Hashable {
    /// No bytes: not even TL.
    case empty
    /// TL says `tl` bytes; the frame has `count`.
    case lengthMismatch(tl: UInt8, count: Int)
    /// `field` at `offset` sets a bit ISO/IEC 14443-4 reserves.
    case reservedBit(field: String, value: UInt8, offset: Int)
    /// T0 announces `field`, but the ATS ends at `offset`.
    case truncated(field: String, offset: Int)
}
