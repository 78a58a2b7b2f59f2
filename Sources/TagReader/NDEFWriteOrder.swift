/// The order a write puts bytes on the tag in.
public enum NDEFWriteOrder: Sendable, Hashable {
    /// The length goes to zero first and gets its value last, so that a tag torn away at any
    /// point holds either the old message, an empty one, or the new one (T4T 2.0 §5.5.2,
    /// T2T 1.0 §6.4.3).
    case tearingSafe
    /// The file or TLV is written front to back, length first: a tear leaves a length that
    /// promises bytes not yet written. Only the `unsafeWriteOrder` fault uses it.
    case lengthFirst
}
