/// Bytes of a Type 2 Tag that are not TLV bytes: dynamic lock bytes or a reserved area.
/// Readers jump over them inside the data area; emulators lay TLVs around them.
public struct Type2ReservedArea: Sendable, Hashable {
    /// What the bytes hold.
    public enum Kind: String, Sendable, Hashable {
        /// Dynamic lock bits (a Lock Control TLV, or the default position).
        case lockBytes
        /// Reserved memory (a Memory Control TLV).
        case reservedBytes
    }

    /// What the bytes hold.
    public var kind: Kind
    /// Their tag memory addresses.
    public var range: Range<Int>
    /// The address of the TLV that declared them; nil for the default dynamic lock bytes.
    public var declaredAt: Int?

    /// Creates an area.
    public init(kind: Kind, range: Range<Int>, declaredAt: Int?) {
        self.kind = kind
        self.range = range
        self.declaredAt = declaredAt
    }
}
